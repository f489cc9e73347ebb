/**
 * Admin routes of the search's synonym groups (issue 18, admin tab "Sinónimos"): list, add,
 * replace and delete. Admins only (401 without a session, 403 for another role, before the body
 * is read); every change is audited and applies to the next search.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import { synonymBodySchema, synonymGroupListSchema, synonymGroupSchema } from '../../../shared/synonyms.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './synonyms.ts';

const tags = ['admin'];

export function synonymRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.get('/api/admin/synonyms', { schema: { tags, response: { 200: synonymGroupListSchema } } }, async () => listSynonyms(db));
    app.post(
      '/api/admin/synonyms',
      { schema: { tags, body: synonymBodySchema, response: { 201: synonymGroupSchema } } },
      async (request, reply) => reply.status(201).send(await createSynonym(db, actorOf(request), request.body.terms)),
    );
    app.put(
      '/api/admin/synonyms/:id',
      { schema: { tags, params: idParamsSchema, body: synonymBodySchema, response: { 200: synonymGroupSchema } } },
      async (request) => updateSynonym(db, actorOf(request), request.params.id, request.body.terms),
    );
    app.delete(
      '/api/admin/synonyms/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        await deleteSynonym(db, actorOf(request), request.params.id);
        return { message: 'Grupo de sinónimos eliminado' };
      },
    );
  };
}
