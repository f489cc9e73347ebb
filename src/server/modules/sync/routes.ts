/**
 * ERP sync and catalogue upload (issue "ERP sync, catalogue import from the panel"): the debug
 * page's raw view of `ERP_SOURCE`, a full sync from it (never from a URL in the request), an upload
 * from the panel, and the live state of the running job. Admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_UPLOAD_BYTES,
  jobHistoryQuerySchema,
  jobHistoryResponseSchema,
  jobResponseSchema,
  rawApiResponseSchema,
  syncQuerySchema,
  uploadQuerySchema,
} from '../../../shared/admin.ts';
import { type ColumnAssignment, HAND_EDITABLE_FIELDS, type HandEditableField, columnMappingSchema } from '../../../shared/import.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { PRICE_LIST_COUNT, mapHeaders, mapRecords } from '../import/map.ts';
import { parseSource, sourceLimits } from '../import/parse.ts';
import { sourceFromFileName } from '../import/service.ts';
import { mappingAssignments } from '../import-mappings/service.ts';
import { readSource } from '../import/source.ts';
import { auditImport, erpSourceOf, erpSyncJob } from './erp.ts';
import type { JobSlot } from './jobs.ts';
import { runCatalogueImport } from './job-process.ts';
import { listJobHistory } from './schedule.ts';

/**
 * Reads the upload's `overwrite` list (hand-edited fields the file may overwrite, comma-separated).
 * @throws AppError VALIDATION naming an unknown field.
 */
function overwriteFields(value: string | undefined): HandEditableField[] {
  if (!value) return [];
  const fields = value
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fields) {
    if (!(HAND_EDITABLE_FIELDS as readonly string[]).includes(f)) {
      throw new AppError('VALIDATION', `Campo desconocido en «overwrite»: ${f}. Use ${HAND_EDITABLE_FIELDS.join(', ')}.`);
    }
  }
  return fields as HandEditableField[];
}

/**
 * Reads the upload's `mapping` (JSON list of `{target, column}`).
 * @throws AppError VALIDATION when it is not such a list.
 */
function columnMapping(value: string | undefined): ColumnAssignment[] | undefined {
  if (!value) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    throw new AppError('VALIDATION', 'El mapeo de columnas no es un JSON válido.');
  }
  const parsed = columnMappingSchema.safeParse(data);
  if (!parsed.success) throw new AppError('VALIDATION', 'El mapeo de columnas debe ser una lista de {target, column}.');
  return parsed.data;
}

const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
];

export function syncRoutes(ctx: AppContext, jobs: JobSlot): FastifyPluginAsyncZod {
  const { config } = ctx;
  const erpSource = () => erpSourceOf(ctx);

  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

    app.get('/api/debug/raw-api', { schema: { tags: ['sync'], response: { 200: rawApiResponseSchema } } }, async () => {
      const source = erpSource();
      const limits = sourceLimits(config.importLimits);
      const parsed = await parseSource(await readSource(source, limits), limits);
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
      { schema: { tags: ['sync'], querystring: syncQuerySchema, response: { 202: jobResponseSchema } } },
      async (request, reply) => {
        const run = erpSyncJob(ctx, actorOf(request), {
          dryRun: request.query.dryRun === 'true',
          confirmLarge: request.query.confirmLarge === 'true',
          log: app.log,
        });
        const job = await jobs.start('sync', actorOf(request), run);
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
        const { query } = request;
        const name = query.filename ?? 'archivo';
        const dryRun = query.dryRun === 'true';
        const overwriteHandEdits = overwriteFields(query.overwrite);
        const mapping = query.mappingName ? await mappingAssignments(ctx.db, query.mappingName) : columnMapping(query.mapping);
        const job = await jobs.start(
          'upload',
          actor,
          async (onProgress, signal) => {
            const options = {
              lowStock: config.lowStock,
              source: query.source ?? sourceFromFileName(name),
              actor: actor.username,
              dryRun,
              confirmLarge: query.confirmLarge === 'true',
              duplicates: query.duplicates,
              overwriteHandEdits,
              mapping,
              imageDir: config.imageDir,
            };
            // On PostgreSQL in a process of its own (job-process.ts).
            const report = await runCatalogueImport(ctx.database, { upload: body }, options, onProgress, signal, app.log);
            return dryRun ? report : auditImport(ctx, 'catalogue.upload', actor, report, name);
          },
          name,
        );
        return reply.status(202).send({ job });
      },
    );

    // Past runs for /debug (docs/product.md §11.5): manual and scheduled, with their counts and result.
    app.get(
      '/api/admin/jobs',
      { schema: { tags: ['sync'], querystring: jobHistoryQuerySchema, response: { 200: jobHistoryResponseSchema } } },
      async (request) => ({ runs: await listJobHistory(ctx, request.query.limit) }),
    );

    app.get('/api/admin/jobs/current', { schema: { tags: ['sync'], response: { 200: jobResponseSchema } } }, async () => ({
      job: await jobs.current(),
    }));
  };
}
