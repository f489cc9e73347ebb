/**
 * Audit entries as a list of cards (who, when, what, before → after), readable at 390 px: the
 * Historial tab and a part's own history in its editor (issue 21 item 5). A long value (a file
 * name, a list of codes) wraps anywhere rather than widening the page.
 */
import type { AuditPage } from '../../../../shared/admin-parts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { actionLabel, auditSubject, diffAudit } from '../lib/audit-diff.ts';

type AuditEntry = AuditPage['entries'][number];

/** One entry: date, person, action (and the part or thing changed), then one line per changed field. */
function AuditEntryCard({ entry, showSubject }: { entry: AuditEntry; showSubject: boolean }) {
  const changes = diffAudit(entry.before, entry.after, entry.action);
  const subject = auditSubject(entry);
  return (
    <li className="min-w-0 rounded-md border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">
          {actionLabel(entry.action)}
          {showSubject && subject ? <span className="ml-2 font-mono text-slate-700">{subject}</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {entry.actorUsername}
        </p>
      </div>
      {changes.length ? (
        <dl className="mt-2 grid gap-1">
          {changes.map((c) => (
            <div key={c.field} className="grid min-w-0 gap-x-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
              <dt className="text-slate-600">{c.field}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">
                {c.before} → {c.after}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/** The entries, newest first as the server sends them. */
export function AuditEntryList({ entries, label, showSubject = true }: { entries: AuditEntry[]; label: string; showSubject?: boolean }) {
  return (
    <ul aria-label={label} className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {entries.map((entry) => (
        <AuditEntryCard key={entry.id} entry={entry} showSubject={showSubject} />
      ))}
    </ul>
  );
}
