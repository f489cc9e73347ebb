/** Builders for the catalogue-job tests (debug page and import dialog). */
import type { JobStateBody } from '../../../shared/admin.ts';
import { json } from '../../test/render.tsx';

type Progress = JobStateBody['progress'];
type Report = NonNullable<JobStateBody['report']>;

export function buildJob(overrides: Partial<JobStateBody> = {}): JobStateBody {
  return {
    id: 7,
    kind: 'sync',
    status: 'running',
    progress: { phase: 'reading', read: 0, written: 0, total: 0 },
    report: null,
    error: null,
    startedAt: '2025-03-10T15:30:00.000Z',
    finishedAt: null,
    actor: 'admin',
    ...overrides,
  };
}

export function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    format: 'xlsx',
    rows: 120,
    inserted: 5,
    updated: 10,
    unchanged: 103,
    deactivated: 1,
    rejected: 2,
    rejections: [
      { row: 14, partNumber: 'AB-1', reason: 'Falta la descripción' },
      { row: 88, reason: 'Falta el código' },
    ],
    ...overrides,
  };
}

/** The states a job goes through, in order, for the progress tests. */
export function jobPhases(base: Partial<JobStateBody>): Array<JobStateBody> {
  const step = (progress: Progress) => buildJob({ ...base, progress });
  return [
    step({ phase: 'reading', read: 0, written: 0, total: 0 }),
    step({ phase: 'validating', read: 120, written: 0, total: 120 }),
    step({ phase: 'writing', read: 120, written: 30, total: 120 }),
    buildJob({
      ...base,
      status: 'done',
      progress: { phase: 'done', read: 120, written: 15, total: 120 },
      report: buildReport(),
      finishedAt: '2025-03-10T15:31:00.000Z',
    }),
  ];
}

/**
 * A stand-in for the server's job slot: `GET /api/admin/jobs/current` answers `state.job`, which
 * the test moves on; counts the reads.
 */
export function jobSlot(initial: JobStateBody | null = null) {
  const slot = {
    job: initial,
    reads: 0,
    current: () => {
      slot.reads += 1;
      return json({ job: slot.job });
    },
  };
  return slot;
}
