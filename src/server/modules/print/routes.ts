/**
 * `GET /api/print/catalog` (issue 22): every part `/print` shows, in one streamed answer instead of
 * 25+ pages of `GET /api/parts` and with no cap (a catalogue of 100,000 parts prints whole). The
 * rows carry only what the printed table shows, at the session's price when prices are asked for.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseCategoryIds, printQuerySchema } from '../../../shared/print.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { databaseReader } from '../catalogue/service.ts';
import { printLines, selectPrintIds } from './service.ts';

/** Print loads per client address per 10 minutes (each reads a whole catalogue). */
const PRINT_LOADS_PER_WINDOW = 60;

export function printRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const reader = databaseReader(ctx.db, { imageBaseUrl: ctx.config.imageBaseUrl });
  return async (app) => {
    const perIp = rateLimit(app, { max: Math.max(PRINT_LOADS_PER_WINDOW, ctx.config.rateLimits.exportsPerIp), timeWindow: 10 * 60 * 1000 });
    app.get(
      '/api/print/catalog',
      {
        preHandler: perIp,
        schema: {
          tags: ['export'],
          summary: 'Rows of the printable catalogue /print (streamed NDJSON)',
          description:
            'Parameters of /print: categoryIds (comma list or "all"), includePrices. First line {"total": N}, then ' +
            'arrays of rows [id, partNumber, description, image, price, categoryPath]; price only with includePrices=true.',
          querystring: printQuerySchema,
        },
      },
      async (request, reply) => {
        const categoryIds = parseCategoryIds(request.query.categoryIds);
        if (categoryIds === null) throw badRequest('categoryIds: debe ser "all" o una lista de números de categoría separados por comas');
        const selection = await selectPrintIds(reader, request.viewer, categoryIds);
        reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('vary', 'Cookie');
        return reply.send(printLines(reader, selection, request.query.includePrices === 'true'));
      },
    );
  };
}
