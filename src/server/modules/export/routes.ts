/**
 * HTTP routes of the catalogue exports (docs/product.md §9; issue 7):
 * `GET /api/export/catalog.xlsx` and `GET /api/export/catalog.pdf`, both at the session's prices
 * and streamed. Input errors and failures before the first byte answer JSON errors; a failure
 * while streaming cuts the download.
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partListFiltersSchema } from '../../../shared/admin-parts-list.ts';
import { partFiltersSchema } from '../../../shared/api.ts';
import * as z from 'zod/mini';
import { parseCategoryIds, printQuerySchema } from '../../../shared/print.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { listPartBatches } from '../admin/parts-list.ts';
import { requireAdmin } from '../auth/guards.ts';
import { databaseReader } from '../catalogue/service.ts';
import { writeAdminPartsXlsx } from './admin-parts-xlsx.ts';
import { planCataloguePdf, writeCataloguePdf } from './pdf.ts';
import { attachmentHeader, exportFileName, fileDate, presentedBatches, selectCatalogue, selectPrint, selectionTitle } from './service.ts';
import { ExportAborted } from './stream.ts';
import { XLSX_CONTENT_TYPE, writeCatalogueXlsx } from './xlsx.ts';

/**
 * Query of `GET /api/export/catalog.pdf`: the parameters of `/print` plus the list's `search` and
 * `brand`, so the catalogue's "Descargar PDF" prints what the list shows (docs/product.md §9.2).
 */
export const pdfExportQuerySchema = z.extend(printQuerySchema, {
  // On unless `false`, as on /print (docs/product.md §9.3); the shared schema defaults every flag to off.
  includeImages: z._default(z.enum(['true', 'false'], { error: 'debe ser true o false' }), 'true'),
  search: partFiltersSchema.shape.search,
  brand: partFiltersSchema.shape.brand,
});

/** Exports generated at once by this process; more answer 429 (a 100,000-part PDF costs ~30 s of CPU). */
export const MAX_CONCURRENT_EXPORTS = 2;
let running = 0;

/** Claims an export slot or refuses with 429. */
function claimExportSlot(reply: FastifyReply): void {
  if (running >= MAX_CONCURRENT_EXPORTS) {
    reply.header('retry-after', '30');
    throw new AppError('RATE_LIMITED', 'Hay demasiadas descargas en curso. Intente nuevamente en unos minutos.');
  }
  running++;
  let released = false;
  const release = () => {
    if (!released) {
      released = true;
      running--;
    }
  };
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
}

/**
 * Starts a streamed download (private, never cached) and runs `write` into it; errors after the
 * start cut the stream. Also the panel's spreadsheets (users list).
 */
export function streamDownload(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  contentType: string,
  filename: string,
  write: (out: PassThrough) => Promise<void>,
): FastifyReply {
  const out = new PassThrough();
  reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentHeader(filename))
    .header('cache-control', 'private, no-store')
    .header('vary', 'Cookie')
    .header('x-content-type-options', 'nosniff')
    .send(out);
  write(out).catch((error: unknown) => {
    if (!(error instanceof ExportAborted)) log.error({ err: error }, 'export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply;
}

/**
 * `GET /api/export/catalog.xlsx` (query: `partFiltersSchema`, the filters of `GET /api/parts`) and
 * `GET /api/export/catalog.pdf` (query: `printQuerySchema`, the parameters of `/print`). Public:
 * every role exports at its own prices (request.viewer). 400 JSON for bad input.
 */
export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Exports read the database directly (an export is rare and long; its batches re-check each part).
  const reader = databaseReader(ctx.db, { imageBaseUrl: ctx.config.imageBaseUrl });
  return async (app) => {
    // Per client: RATE_LIMIT_EXPORTS_PER_IP exports per 10 minutes; per process: MAX_CONCURRENT_EXPORTS at once.
    const perIp = rateLimit(app, { max: ctx.config.rateLimits.exportsPerIp, timeWindow: 10 * 60 * 1000 });
    const guard = async (request: Parameters<typeof perIp>[0], reply: FastifyReply) => {
      await perIp(request, reply);
      claimExportSlot(reply);
    };
    app.get(
      '/api/export/catalog.xlsx',
      {
        preHandler: guard,
        schema: {
          tags: ['export'],
          summary: 'Catalogue spreadsheet at the viewer’s prices (streamed XLSX)',
          description:
            'Same filters and order as GET /api/parts, without page and limit. Columns Código, Descripción, ' +
            'Categoría, Marca, Precio (ARS), Estado, Unidad de Venta.',
          querystring: partFiltersSchema,
        },
      },
      async (request, reply) => {
        const now = new Date();
        const selection = await selectCatalogue(reader, request.viewer, request.query);
        const title = await selectionTitle(reader, request.query);
        return streamDownload(reply, request.log, XLSX_CONTENT_TYPE, exportFileName(title, now, 'xlsx'), (out) =>
          writeCatalogueXlsx({
            out,
            batches: presentedBatches(reader, selection.scope, selection.ids),
            brandName: ctx.config.brandName,
            title,
            now,
          }),
        );
      },
    );

    app.get(
      '/api/export/catalog.pdf',
      {
        preHandler: guard,
        schema: {
          tags: ['export'],
          summary: 'Printable catalogue at the viewer’s prices (streamed PDF)',
          description:
            'Parameters of /print: categoryIds (comma list or "all"), categoryName, includeImages (on unless false), ' +
            'includePrices; and the list filters search and brand (as GET /api/parts). Cover, contents with page ' +
            'numbers, groups by category, as /print.',
          querystring: pdfExportQuerySchema,
        },
      },
      async (request, reply) => {
        const now = new Date();
        const query = request.query;
        const categoryIds = parseCategoryIds(query.categoryIds);
        if (categoryIds === null) throw badRequest('categoryIds: debe ser "all" o una lista de números de categoría separados por comas');
        const narrow = { search: query.search || undefined, brand: query.brand || undefined };
        const selection = await selectPrint(reader, request.viewer, categoryIds, narrow);
        // The title says what was narrowed: the category, then the search and the brand.
        const title = await selectionTitle(reader, { categoryName: query.categoryName, ...narrow });
        const plan = await planCataloguePdf({
          reader,
          selection,
          brandName: ctx.config.brandName,
          tagline: ctx.config.tagline,
          categoryName: title || undefined,
          includeImages: query.includeImages !== 'false',
          includePrices: query.includePrices === 'true',
          imageDir: ctx.config.imageDir,
          now,
        });
        return streamDownload(reply, request.log, 'application/pdf', exportFileName(title, now, 'pdf'), (out) =>
          writeCataloguePdf(plan, out),
        );
      },
    );

    // The panel's parts list as a spreadsheet (issue 21 item 4): admin only, the list's filters.
    app.get(
      '/api/admin/parts/export.xlsx',
      {
        onRequest: requireAdmin,
        preHandler: guard,
        schema: {
          tags: ['admin'],
          summary: 'The panel’s filtered parts list (streamed XLSX)',
          description:
            'Same filters as GET /api/admin/parts, without page and limit; inactive parts included. Columns Código, ' +
            'Descripción, Categoría, Marca, Lista N (priceList), Stock (unidades), Nivel de stock, Activo, Foto, Editado a mano.',
          querystring: partListFiltersSchema,
        },
      },
      async (request, reply) => {
        const now = new Date();
        return streamDownload(reply, request.log, XLSX_CONTENT_TYPE, `repuestos-${fileDate(now)}.xlsx`, (out) =>
          writeAdminPartsXlsx({
            out,
            batches: listPartBatches(ctx.db, request.query),
            priceList: request.query.priceList,
            brandName: ctx.config.brandName,
            now,
          }),
        );
      },
    );
  };
}
