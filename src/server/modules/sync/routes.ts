/**
 * ERP sync and catalogue upload (issue "ERP sync, catalogue import from the panel"): the debug
 * page's raw view of `ERP_SOURCE`, a full sync from it (never from a URL in the request), an upload
 * from the panel, and the live state of the running job. Admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, jobResponseSchema, rawApiResponseSchema, uploadQuerySchema } from '../../../shared/admin.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { PRICE_LIST_COUNT, mapHeaders, mapRecords } from '../import/map.ts';
import { parseSource } from '../import/parse.ts';
import { type ImportReport, importCatalogueFile } from '../import/service.ts';
import { readSource } from '../import/source.ts';
import type { JobSlot } from './jobs.ts';

/** A full sync is refused when more than this share of the feed's rows is rejected. */
export const SYNC_MAX_REJECTED_RATIO = 0.2;

const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
];

export function syncRoutes(ctx: AppContext, jobs: JobSlot): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  // Jobs are not requests: they write through the pool without the request statement timeout.
  const bulk = ctx.database.bulk;
  const erpSource = () => {
    if (!config.erpSource) throw new AppError('VALIDATION', 'ERP_SOURCE no está configurado en el servidor.');
    return config.erpSource;
  };
  /** Records a finished job in the audit trail (who imported what, with the counts). */
  const audited = async (action: string, actor: ReturnType<typeof actorOf>, report: ImportReport, source: string) => {
    const { rejections: _r, ...counts } = report;
    await recordAudit(db, actor, { action, entity: 'catalogue', entityId: null, before: null, after: { source, ...counts } });
    return report;
  };

  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

    app.get('/api/debug/raw-api', { schema: { tags: ['sync'], response: { 200: rawApiResponseSchema } } }, async () => {
      const source = erpSource();
      const parsed = await parseSource(await readSource(source));
      const first = parsed.records.slice(0, 100);
      const { rows, rejections } = mapRecords(first, { lowStock: config.lowStock });
      const byRow = new Map(rows.map((r) => [r.row, r]));
      const rejected = new Map(rejections.map((r) => [r.row, r.reason]));
      const headers = mapHeaders(new Set(first.flatMap((r) => Object.keys(r.values))));
      const raw = (values: Record<string, unknown>, field: keyof typeof headers.fields) =>
        String(values[headers.fields[field]?.[0] ?? ''] ?? '');
      return {
        source: /^https?:/i.test(source) ? new URL(source).host : (source.split('/').pop() ?? source),
        total: parsed.records.length,
        records: first.map((record) => {
          const row = byRow.get(record.row);
          return {
            row: record.row,
            code: row?.partNumber ?? raw(record.values, 'partNumber'),
            description: row?.description ?? raw(record.values, 'description'),
            categories: [0, 1, 2].map((i) => row?.categoryPath[i] ?? ''),
            priceLists: Array.from({ length: PRICE_LIST_COUNT }, (_, i) => row?.priceLists[i] ?? null),
            stock: row ? (row.stockQuantity === null ? row.stockLevel : String(row.stockQuantity)) : raw(record.values, 'stock'),
            image: row?.imageUrl ?? '',
            rejection: rejected.get(record.row) ?? null,
          };
        }),
      };
    });

    app.post(
      '/api/debug/sync',
      // No body is read: the source is ERP_SOURCE from the server's configuration, never the request.
      { schema: { tags: ['sync'], response: { 202: jobResponseSchema } } },
      async (request, reply) => {
        const source = erpSource();
        const actor = actorOf(request);
        const job = await jobs.start('sync', actor, async (onProgress) => {
          onProgress({ phase: 'reading', read: 0, written: 0, total: 0 });
          const buffer = await readSource(source);
          const report = await importCatalogueFile(bulk, buffer, {
            lowStock: config.lowStock,
            fullSync: true,
            maxRejectedRatio: SYNC_MAX_REJECTED_RATIO,
            onProgress,
          });
          return audited('catalogue.sync', actor, report, source);
        });
        return reply.status(202).send({ job });
      },
    );

    app.post(
      '/api/admin/import',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags: ['sync'],
          querystring: uploadQuerySchema,
          response: { 202: jobResponseSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError('VALIDATION', 'Envíe el archivo (JSON, CSV o XLSX) como cuerpo de la solicitud.');
        }
        const actor = actorOf(request);
        const name = request.query.filename ?? 'archivo';
        const job = await jobs.start('upload', actor, async (onProgress) => {
          const report = await importCatalogueFile(bulk, body, { lowStock: config.lowStock, onProgress });
          return audited('catalogue.upload', actor, report, name);
        });
        return reply.status(202).send({ job });
      },
    );

    app.get('/api/admin/jobs/current', { schema: { tags: ['sync'], response: { 200: jobResponseSchema } } }, async () => ({
      job: await jobs.current(),
    }));
  };
}
