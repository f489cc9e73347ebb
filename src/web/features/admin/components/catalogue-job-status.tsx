/**
 * Live state of a catalogue job, shared by the debug page (ERP sync) and the import dialog:
 * the phase and row counts with a progress bar while it runs, then the report (inserted, updated,
 * unchanged, deactivated, rejected, the details of {@link ReportDetails} and the rejected rows with
 * their reasons) — titled "Vista previa" for a preview — or the error.
 */
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { CatalogueJob } from '../jobs-api.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { ReportDetails } from './import-preview.tsx';
import { td, th } from './ui.tsx';

export const PHASE_LABELS: Record<CatalogueJob['progress']['phase'], string> = {
  reading: 'Leyendo',
  validating: 'Validando',
  writing: 'Escribiendo',
  indexing: 'Indexando',
  done: 'Listo',
};
const PHASES = ['reading', 'validating', 'writing', 'indexing', 'done'] as const;

const KIND_NOUNS: Record<CatalogueJob['kind'], string> = { sync: 'sincronización', upload: 'importación' };

/** Rejected rows listed at most; the count above says how many there are. */
export const MAX_REJECTIONS_SHOWN = 1000;

const n = formatCount;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The job's progress, report or failure. With `focusReport` the report's heading takes the focus and
 * is scrolled into view when it appears (a preview the admin just asked for), so that keyboard and
 * screen-reader users, and a phone whose form fills the screen, land on it.
 */
export function CatalogueJobStatus({ job, focusReport = false }: { job: CatalogueJob; focusReport?: boolean }) {
  if (job.status === 'failed') return <JobFailure job={job} />;
  if (job.status === 'running') return <JobProgress job={job} />;
  return <JobReport job={job} focus={focusReport} />;
}

function JobProgress({ job }: { job: CatalogueJob }) {
  const { phase, read, written, total } = job.progress;
  const current = PHASES.indexOf(phase);
  const percent = total > 0 ? Math.min(100, Math.round((written / total) * 100)) : 0;
  const noun = KIND_NOUNS[job.kind];
  return (
    <section aria-label={`Progreso de la ${noun}`} className="grid gap-3 rounded-md border border-brand-200 bg-brand-50/50 p-4">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-brand-700" />
        {capitalize(noun)} en curso: <span>{PHASE_LABELS[phase]}</span>
      </p>
      <ol aria-label="Fases" className="flex flex-wrap gap-2 text-xs">
        {PHASES.map((p, i) => (
          <li
            key={p}
            aria-current={i === current ? 'step' : undefined}
            className={cn(
              'rounded-full border px-2.5 py-1',
              i < current && 'border-brand-200 bg-white text-brand-800',
              i === current && 'border-brand-700 bg-brand-700 font-semibold text-white',
              i > current && 'border-slate-200 bg-white text-slate-500',
            )}
          >
            {PHASE_LABELS[p]}
          </li>
        ))}
      </ol>
      {phase === 'indexing' ? (
        <p className="text-sm text-slate-700">
          Filas escritas. Se están actualizando los índices de búsqueda; en catálogos grandes puede tardar unos minutos.
        </p>
      ) : null}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt>Filas leídas:</dt>
          <dd className="font-semibold tabular-nums">{n(read)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Filas escritas:</dt>
          <dd className="font-semibold tabular-nums">
            {n(written)}
            {total > 0 ? ` de ${n(total)}` : ''}
          </dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label="Filas escritas"
        aria-valuemin={0}
        aria-valuemax={total > 0 ? total : undefined}
        aria-valuenow={total > 0 ? written : undefined}
        aria-valuetext={total > 0 ? `${n(written)} de ${n(total)} filas escritas (${percent} %)` : 'Calculando...'}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full bg-brand-700 transition-[width] duration-300', total === 0 && 'w-1/4 animate-pulse')}
          style={total > 0 ? { width: `${percent}%` } : undefined}
        />
      </div>
    </section>
  );
}

/** "0 insertados", "1 insertado": a count with its label, as one text. */
function Count({ value, one, many, tone }: { value: number; one: string; many: string; tone?: 'warn' }) {
  return (
    <li
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'warn' && value > 0 ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-200 bg-white text-slate-700',
      )}
    >
      <span className="block text-xl font-semibold tabular-nums text-slate-900">{n(value)}</span> <span>{value === 1 ? one : many}</span>
    </li>
  );
}

function JobReport({ job, focus }: { job: CatalogueJob; focus: boolean }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const report = job.report;
  const noun = KIND_NOUNS[job.kind];
  // Once per report shown: a new job id mounts a new report.
  useEffect(() => {
    if (!focus) return;
    const element = heading.current;
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [focus]);
  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-3 rounded-md border border-emerald-200 bg-emerald-50/40 p-4">
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex scroll-mt-4 items-center gap-2 text-base font-semibold text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700" />
        {report?.dryRun ? `Vista previa de la ${noun}` : `Resumen de la ${noun}`}
      </h3>
      <p className="text-sm text-slate-600">
        {report ? `${report.format.toUpperCase()}, ${n(report.rows)} ${report.rows === 1 ? 'fila' : 'filas'}. ` : ''}
        {capitalize(noun)} de {job.actor}
        {job.finishedAt ? `, finalizada el ${formatDateTime(job.finishedAt)}` : ''}.
      </p>
      {report ? (
        <>
          <ul aria-label="Resultado" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            <Count value={report.inserted} one="insertado" many="insertados" />
            <Count value={report.updated} one="actualizado" many="actualizados" />
            <Count value={report.unchanged} one="sin cambios" many="sin cambios" />
            <Count value={report.deactivated} one="desactivado" many="desactivados" />
            <Count value={report.rejected} one="rechazado" many="rechazados" tone="warn" />
          </ul>
          <ReportDetails report={report} />
          {report.rejections.length > 0 ? <Rejections rejections={report.rejections} /> : null}
        </>
      ) : null}
    </section>
  );
}

function Rejections({ rejections }: { rejections: NonNullable<CatalogueJob['report']>['rejections'] }) {
  const shown = rejections.slice(0, MAX_REJECTIONS_SHOWN);
  return (
    <div className="grid grid-cols-1 gap-2">
      <h4 className="text-sm font-semibold text-slate-900">Filas rechazadas</h4>
      {rejections.length > shown.length ? (
        <p className="text-xs text-slate-600">
          Se muestran las primeras {n(shown.length)} de {n(rejections.length)}.
        </p>
      ) : null}
      {/* Focusable so keyboard users can scroll it. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Filas rechazadas"
        className="relative max-h-64 overflow-auto rounded-md border border-slate-200 bg-white"
      >
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sticky top-0">
            <tr>
              <th scope="col" className={th}>
                Fila
              </th>
              <th scope="col" className={th}>
                Código
              </th>
              <th scope="col" className={th}>
                Motivo
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={`${r.row}-${r.reason}`}>
                <td className={`${td} tabular-nums`}>{r.row}</td>
                <td className={td}>{r.partNumber ?? '—'}</td>
                <td className={td}>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function JobFailure({ job }: { job: CatalogueJob }) {
  const noun = KIND_NOUNS[job.kind];
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">La {noun} falló; no se aplicó ningún cambio.</p>
        <p>{job.error ?? 'Error desconocido.'}</p>
      </div>
    </div>
  );
}
