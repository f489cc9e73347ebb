/**
 * What an import or sync did, or would do (docs/product.md §11.4): price changes per list and the
 * largest, categories added and emptied, repeated codes, conflicts with another source, headings,
 * ignored columns, missing photos; and, under a preview, the "Aplicar" step with the second
 * confirmation a large change needs.
 */
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatArs, formatCount } from '../../../lib/format.ts';
import type { CatalogueJob } from '../jobs-api.ts';
import { LargeChangeConfirm } from './large-change-confirm.tsx';
import { td, th } from './ui.tsx';

type Report = NonNullable<CatalogueJob['report']>;

const n = formatCount;
const price = (value: string | null) => (value === null ? 'Sin precio' : formatArs(value));
const percent = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${formatCount(value)} %`);

/** A titled block of the report, collapsed when long. */
function Block({ title, children, open = true }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details open={open} className="rounded-md border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">{title}</summary>
      <div className="mt-2 grid gap-2 text-sm text-slate-700">{children}</div>
    </details>
  );
}

function ScrollTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section tabIndex={0} aria-label={label} className="relative max-h-64 overflow-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="sticky top-0">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report, never reordered
            <tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className={td}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The parts of a report beyond the five counts. */
export function ReportDetails({ report }: { report: Report }) {
  const prices = report.priceChanges;
  const merged = report.merged ?? [];
  const duplicates = report.duplicates ?? [];
  const conflicts = report.conflicts ?? [];
  const headings = report.headings ?? [];
  const ignored = report.ignoredColumns ?? [];
  const notes: string[] = [];
  if (merged.length)
    notes.push(
      `${n(merged.length)} ${merged.length === 1 ? 'fila repetida se sumó' : 'filas repetidas se sumaron'} a la primera (mismo código y descripción).`,
    );
  if (headings.length) notes.push(`${n(headings.length)} ${headings.length === 1 ? 'fila es un título' : 'filas son títulos'} de sección.`);
  if (report.blank) notes.push(`${n(report.blank)} ${report.blank === 1 ? 'fila vacía' : 'filas vacías'}.`);
  if (report.handEditsKept) {
    notes.push(
      report.handEditsKept === 1
        ? 'Se conservó 1 dato editado a mano.'
        : `Se conservaron ${n(report.handEditsKept)} datos editados a mano.`,
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2">
      {notes.length ? (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {prices && prices.parts > 0 ? (
        <Block title={`Cambios de precio: ${n(prices.parts)} ${prices.parts === 1 ? 'producto' : 'productos'}`}>
          <ScrollTable
            label="Cambios por lista"
            head={['Lista', 'Suben', 'Bajan', 'Nuevos', 'Sin precio', 'Variación media']}
            rows={prices.lists.map((l) => [`Lista ${l.list}`, n(l.up), n(l.down), n(l.added), n(l.removed), percent(l.meanPercent)])}
          />
          <ScrollTable
            label="Mayores cambios de precio"
            head={['Código', 'Lista', 'Antes', 'Después', 'Cambio']}
            rows={prices.largest.map((c) => [c.partNumber, c.list, price(c.before), price(c.after), percent(c.percent)])}
          />
        </Block>
      ) : null}
      {report.categoriesAdded?.length ? (
        <Block title={`Categorías nuevas: ${n(report.categoriesAdded.length)}`} open={report.categoriesAdded.length <= 10}>
          <p>{report.categoriesAdded.join(' · ')}</p>
        </Block>
      ) : null}
      {report.categoriesEmptied?.length ? (
        <Block title={`Categorías que quedan sin productos activos: ${n(report.categoriesEmptied.length)}`}>
          <p>{report.categoriesEmptied.join(' · ')}</p>
        </Block>
      ) : null}
      {duplicates.length ? (
        <Block title={`Códigos repetidos con otra descripción: ${n(duplicates.length)} (se conservó la primera fila)`} open={false}>
          <ScrollTable
            label="Códigos repetidos"
            head={['Código', 'Filas', 'Descripciones']}
            rows={duplicates.map((d) => [d.partNumber, d.rows.join(', '), d.descriptions.join(' / ')])}
          />
        </Block>
      ) : null}
      {conflicts.length ? (
        <Block title={`Conflictos con otra fuente: ${n(conflicts.length)} (no se reemplazaron)`}>
          <ScrollTable
            label="Conflictos"
            head={['Fila', 'Código', 'En el catálogo', 'En el archivo']}
            rows={conflicts.map((c) => [c.row, c.partNumber, `${c.existing} (${c.source})`, c.incoming])}
          />
        </Block>
      ) : null}
      {ignored.length ? (
        <Block title="Columnas no importadas">
          <ul className="list-disc pl-5">
            {ignored.map((c) => (
              <li key={c.column}>
                <strong>{c.column}</strong>: {c.reason}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {report.missingImages?.count ? (
        <Block title={`Imágenes sin archivo: ${n(report.missingImages.count)} (se muestra «Sin imagen»)`} open={false}>
          <p className="break-all">{report.missingImages.first.join(', ')}</p>
        </Block>
      ) : null}
    </div>
  );
}

/**
 * The apply step under a finished preview: a large change (over 10 % deactivated or 30 % of prices)
 * lists why and needs a checked confirmation before "Aplicar" is enabled.
 */
export function ApplyPreview({
  report,
  noun,
  pending,
  onApply,
}: {
  report: Report;
  noun: string;
  pending: boolean;
  onApply: (confirmLarge: boolean) => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const large = report.largeChange ?? [];
  return (
    <div className="grid gap-3 rounded-md border border-brand-200 bg-brand-50/50 p-4">
      <p className="text-sm text-slate-700">Es una vista previa: todavía no se aplicó ningún cambio.</p>
      {large.length ? <LargeChangeConfirm reasons={large} confirmed={confirmed} onConfirmedChange={setConfirmed} /> : null}
      <div className="flex justify-end">
        <Button onClick={() => onApply(large.length > 0)} disabled={pending || (large.length > 0 && !confirmed)}>
          <Check aria-hidden="true" className="size-4" />
          {pending ? 'Aplicando...' : `Aplicar ${noun}`}
        </Button>
      </div>
    </div>
  );
}
