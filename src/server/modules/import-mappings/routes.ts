/**
 * The import's column-mapping step and its saved mappings (issue 17 item 1, docs/product.md
 * §11.2–11.3), admin only (401 without a session, 403 for another role, before the body is read):
 * `POST /api/admin/import/columns` (the file as the raw body, like `POST /api/admin/import`; writes
 * nothing), `GET /api/admin/import-mappings`, `PUT` and `DELETE /api/admin/import-mappings/:name`
 * (audited).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../../shared/admin.ts';
import { messageSchema } from '../../../shared/auth.ts';
import type { ColumnAssignment } from '../../../shared/import.ts';
import {
  assignmentListSchema,
  columnsQuerySchema,
  columnsResponseSchema,
  importMappingBodySchema,
  importMappingSchema,
  importMappingsResponseSchema,
  mappingNameParamsSchema,
} from '../../../shared/import-mappings.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { deleteMapping, detectColumns, listMappings, mappingAssignments, saveMapping } from './service.ts';

const tags = ['sync'];

/** Content types a file upload may carry (as POST /api/admin/import); the format is detected by content. */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
];

/**
 * Reads an explicit `mapping` query parameter (JSON list of `{target, column}`).
 * @throws AppError VALIDATION with the Spanish reason when it is not a sound list.
 */
function parseMappingParam(value: string): ColumnAssignment[] {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    throw new AppError('VALIDATION', 'El mapeo de columnas no es un JSON válido.');
  }
  const parsed = assignmentListSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const custom = issue?.code === 'custom' ? issue.message : null;
    throw new AppError('VALIDATION', custom ?? 'El mapeo de columnas debe ser una lista de {target, column}.');
  }
  return parsed.data;
}

/**
 * The routes of this module (see the file's head). Errors: 400 VALIDATION (Spanish) for a bad query,
 * body, name or mapping, or an unknown `mappingName`; 404 NOT_FOUND deleting an unknown name; 422
 * IMPORT_FAILED for a file that cannot be read; 413 over {@link MAX_UPLOAD_BYTES}.
 */
export function importMappingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    // The raw file arrives as a Buffer, as on POST /api/admin/import; JSON bodies keep Fastify's parser.
    app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

    app.post(
      '/api/admin/import/columns',
      { bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, querystring: columnsQuerySchema, response: { 200: columnsResponseSchema } } },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError('VALIDATION', 'Envíe el archivo (JSON, CSV o XLSX) como cuerpo de la solicitud.');
        }
        const { mappingName, mapping } = request.query;
        const explicit = mappingName !== undefined ? await mappingAssignments(db, mappingName) : mapping ? parseMappingParam(mapping) : [];
        return detectColumns(body, explicit);
      },
    );

    app.get('/api/admin/import-mappings', { schema: { tags, response: { 200: importMappingsResponseSchema } } }, async () => ({
      mappings: await listMappings(db),
    }));

    app.put(
      '/api/admin/import-mappings/:name',
      {
        schema: {
          tags,
          params: mappingNameParamsSchema,
          body: importMappingBodySchema,
          response: { 200: importMappingSchema, 201: importMappingSchema },
        },
      },
      async (request, reply) => {
        const { mapping, created } = await saveMapping(db, actorOf(request), request.params.name, request.body.assignments);
        return reply.status(created ? 201 : 200).send(mapping);
      },
    );

    app.delete(
      '/api/admin/import-mappings/:name',
      { schema: { tags, params: mappingNameParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        await deleteMapping(db, actorOf(request), request.params.name);
        return { message: 'Mapeo de columnas eliminado' };
      },
    );
  };
}
