/**
 * Data layer of the catalogue jobs (issue 6): the debug page's raw ERP view, the ERP sync, the
 * panel's file import and the live state of the running job, polled while it runs. Responses are
 * parsed with the shared contract schemas (src/shared/admin.ts).
 */
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import {
  type JobHistoryEntry,
  type JobStateBody,
  jobResponseSchema,
  MAX_UPLOAD_BYTES,
  rawApiResponseSchema,
} from '../../../shared/admin.ts';
import type { ColumnAssignment } from '../../../shared/import.ts';
import {
  type ColumnsResponse,
  columnsResponseSchema,
  type ImportMapping,
  importMappingSchema,
  importMappingsResponseSchema,
} from '../../../shared/import-mappings.ts';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { formatMegabytes } from '../../lib/format.ts';
import { adminKeys, errorToast, serverMessage } from './api.ts';

/** A job as the server answers it, its report with the kept hand edits and unreadable prices. */
export type CatalogueJob = JobStateBody;
/** One past run of `GET /api/admin/jobs`, with the uploaded file's name (null for a sync). */
export type JobHistoryRun = JobHistoryEntry;
export type RawApiData = z.infer<typeof rawApiResponseSchema>;

/** Delay between two reads of the running job's progress. */
export const JOB_POLL_MS = 500;

export const jobKeys = {
  current: () => [...adminKeys.all(), 'jobs', 'current'] as const,
  rawApi: () => [...adminKeys.all(), 'raw-api'] as const,
};

export const jobQueries = {
  current: () =>
    queryOptions({
      queryKey: jobKeys.current(),
      queryFn: ({ signal }) => apiGet('/api/admin/jobs/current', jobResponseSchema, undefined, signal),
      // Always read afresh when a screen that shows it opens: another admin may have started a job.
      staleTime: 0,
    }),
  rawApi: () =>
    queryOptions({
      queryKey: jobKeys.rawApi(),
      queryFn: ({ signal }) => apiGet('/api/debug/raw-api', rawApiResponseSchema, undefined, signal),
    }),
};

export function useRawApi() {
  return useQuery(jobQueries.rawApi());
}

/**
 * After an import or sync the catalogue changed: every public catalogue query (keys of
 * features/catalog, categories, carousels and product, by key prefix so this feature does not
 * import theirs) and the admin lists that show parts refetch.
 */
export async function invalidateCatalogue(client: QueryClient): Promise<void> {
  await Promise.all(
    [
      ['parts'],
      ['categories'],
      ['collections'],
      ['product'],
      adminKeys.parts(),
      adminKeys.categories(),
      adminKeys.carousels(),
      adminKeys.relations(),
      // The newest run, which the undo offers.
      [...adminKeys.all(), 'import', 'last-run'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/**
 * The job this screen follows: one it started, or one it found running (e.g. after a reload or
 * started by another admin). The current job is polled every {@link JOB_POLL_MS} while it runs;
 * when a followed job finishes the catalogue queries are invalidated once. `enabled: false` stops
 * reading it (a closed dialog) unless a followed job is still running.
 */
export function useCatalogueJob({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const [followedId, setFollowedId] = useState<number | null>(null);
  const cached = client.getQueryData(jobQueries.current().queryKey)?.job;
  const watching = followedId !== null && cached?.id === followedId && cached.status === 'running';
  const query = useQuery({
    ...jobQueries.current(),
    enabled: enabled || watching,
    refetchInterval: (q) => (q.state.data?.job?.status === 'running' ? JOB_POLL_MS : false),
  });
  const current = query.data?.job ?? null;
  // Follow any job seen running (state adjusted while rendering, React's documented pattern).
  if (current?.status === 'running' && current.id !== followedId) setFollowedId(current.id);
  const job = current && current.id === followedId ? current : null;

  const invalidatedFor = useRef<number | null>(null);
  const finishedId = job?.status === 'done' ? job.id : null;
  useEffect(() => {
    if (finishedId === null || invalidatedFor.current === finishedId) return;
    invalidatedFor.current = finishedId;
    void invalidateCatalogue(client);
  }, [finishedId, client]);

  /** Shows a job the server just accepted and starts polling it. */
  const follow = (started: CatalogueJob) => {
    client.setQueryData(jobQueries.current().queryKey, { job: started });
    setFollowedId(started.id);
  };

  return { job, running: current?.status === 'running', query, follow };
}

async function startedJob(promise: Promise<{ job: CatalogueJob | null }>): Promise<CatalogueJob> {
  const { job } = await promise;
  if (!job) throw new ApiError(202, 'BAD_RESPONSE', '202: respuesta inesperada del servidor');
  return job;
}

/**
 * How a catalogue job runs (docs/product.md §11.4): first as a preview (`dryRun`), then applied;
 * `confirmLarge` is the second, explicit confirmation a large change needs.
 */
export interface JobRun {
  dryRun: boolean;
  confirmLarge?: boolean;
  /** Upload only: the column mapping chosen in the dialog (sent as `mapping`); absent, the aliases decide. */
  mapping?: ColumnAssignment[];
  /** Upload only: the source's name from the "Fuente" field (sent as `source`); absent, the file's name. */
  source?: string;
}

const runQuery = (run: JobRun) => ({ dryRun: String(run.dryRun), confirmLarge: String(run.confirmLarge === true) });

/** `POST /api/debug/sync`: a full sync from the server's ERP_SOURCE, previewed or applied. 409 when a job runs. */
export function useStartSync(onStarted: (job: CatalogueJob) => void) {
  return useMutation({
    mutationFn: (run: JobRun) => startedJob(apiRequest('/api/debug/sync', jobResponseSchema, { method: 'POST', query: runQuery(run) })),
    onSuccess: onStarted,
    onError: (error) => errorToast(serverMessage(error, 'No se pudo iniciar la sincronización')),
  });
}

/**
 * Sends a catalogue file as the raw request body (`application/octet-stream` for every type: the
 * server detects JSON, CSV or XLSX by content) and answers the job it started.
 * @throws {ApiError} as `apiRequest` (409 when a job already runs, 413 over the size limit).
 */
export function uploadCatalogueFile(file: Blob, filename: string, run: JobRun): Promise<CatalogueJob> {
  return startedJob(
    apiRequest('/api/admin/import', jobResponseSchema, {
      method: 'POST',
      query: { filename, ...runQuery(run), mapping: run.mapping ? JSON.stringify(run.mapping) : undefined, source: run.source },
      rawBody: file,
    }),
  );
}

export function useUploadCatalogue(onStarted: (job: CatalogueJob) => void) {
  return useMutation({
    mutationFn: ({ file, run }: { file: File; run: JobRun }) => uploadCatalogueFile(file, file.name, run),
    onSuccess: onStarted,
    onError: (error) => errorToast(serverMessage(error, 'No se pudo subir el archivo')),
  });
}

/**
 * The import form's file: not empty and at most {@link MAX_UPLOAD_BYTES} (the server's limit), with
 * the panel's messages (its size in MB when too large).
 */
export const catalogueFileFormSchema = z.object({
  file: z.file({ error: 'Elija un archivo.' }).check(
    z.minSize(1, { error: 'El archivo está vacío.' }),
    z.maxSize(MAX_UPLOAD_BYTES, {
      error: (issue) =>
        `El archivo pesa ${formatMegabytes(issue.input instanceof Blob ? issue.input.size : 0)}; el máximo permitido es ${formatMegabytes(MAX_UPLOAD_BYTES)}.`,
    }),
  ),
});

// ---------------------------------------------------------------- Column mapping (issue 17 item 1)

const mappingKeys = {
  list: () => [...adminKeys.all(), 'import-mappings'] as const,
  columns: (file: File, mappingName: string) =>
    [...adminKeys.all(), 'import-columns', file.name, file.size, file.lastModified, mappingName] as const,
};

/** `GET /api/admin/import-mappings`: the mappings saved by name. */
export function useImportMappings() {
  return useQuery({
    queryKey: mappingKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/admin/import-mappings', importMappingsResponseSchema, undefined, signal),
    select: (data): ImportMapping[] => data.mappings,
  });
}

/**
 * `POST /api/admin/import/columns`: the file's columns with their first rows and the automatic
 * assignments, starting from the saved mapping `mappingName` ('' = aliases only). Writes nothing.
 */
export function useImportColumns(file: File, mappingName: string) {
  return useQuery({
    queryKey: mappingKeys.columns(file, mappingName),
    queryFn: ({ signal }): Promise<ColumnsResponse> =>
      apiRequest('/api/admin/import/columns', columnsResponseSchema, {
        method: 'POST',
        query: { mappingName: mappingName || undefined },
        rawBody: file,
        signal,
      }),
    // Another saved mapping keeps the columns on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // A file is read again only when chosen again; a bad file is not retried.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** `PUT /api/admin/import-mappings/:name`: saves (or replaces) a mapping under a name. */
export function useSaveImportMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, assignments }: { name: string; assignments: ColumnAssignment[] }) =>
      apiRequest(`/api/admin/import-mappings/${encodeURIComponent(name)}`, importMappingSchema, {
        method: 'PUT',
        body: { assignments },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: mappingKeys.list() }),
  });
}
