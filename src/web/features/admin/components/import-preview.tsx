/**
 * What an import or sync did, or would do (docs/product.md §11.4): price changes per list and the
 * largest, categories added and emptied, the hand edits kept, the prices that could not be read,
 * repeated codes, conflicts with another source, headings, ignored columns, missing photos; and, under a preview, the "Aplicar" step with the second
 * confirmation a large change needs.
 */
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { HandEditableField, KeptEditBody } from '../../../../shared/import.ts';
import { IMPORT_TARGET_LABELS } from '../../../../shared/import-mappings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatArs, formatCount } from '../../../lib/format.ts';
import type { CatalogueJob } from '../jobs-api.ts';
import { LargeChangeConfirm } from './large-change-confirm.tsx';
import { td, th } from './ui.tsx';

type Report = NonNullable<CatalogueJob['report']>;

const n = formatCount;
const price = (value: string | null) => (value === null ? 'Sin precio' : formatArs(value));
const percent = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${formatCount(value)} %`);

/** Name of a hand-edited field in the preview: the column-mapping targets' names, the category as a whole. */
const FIELD_LABELS: Record<HandEditableField, string> = {
  ...IMPORT_TARGET_LABELS,
  category1: 'Categoría',
  isActive: 'Activo',
};

/** A kept or incoming value of a hand edit: a price list as pesos, text between «», nothing as "sin …". */
function editValue(field: HandEditableField, value: string | null): string {
  if (field.startsWith('priceList')) return value === null ? 'sin precio' : formatArs(value);
  return value === null ? 'vacío' : `«${value}»`;
}

/** "y N más." under a list that shows only the first entries. */
function More({ shown, total }: { shown: number; total: number }) {
  return total > shown ? <p className="text-xs text-slate-600">y {n(total - shown)} más.</p> : null;
}

/** A titled block of the report, collapsed when long; `warn` draws it in amber. */
function Block({ title, children, open = true, warn = false }: { title: string; children: ReactNode; open?: boolean; warn?: boolean }) {
  return (
    <details
      open={open}
      className={warn ? 'rounded-md border border-amber-300 bg-amber-50 p-3' : 'rounded-md border border-slate-200 bg-white p-3'}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">{title}</summary>
      <div className="mt-2 grid gap-2 text-sm text-slate-700">{children}</div>
    </details>
  );
}

/**
 * A report table in a scrolling region. Below 640 px each row is a card: its first cell as the
 * title, then every other cell under its column name (`data-label`), so that a phone shows the
 * code, the list and both prices without scrolling sideways.
 */
function ScrollTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section tabIndex={0} aria-label={label} className="relative max-h-64 overflow-auto">
      <table
        aria-label={label}
        className={[
          'w-full border-collapse text-left text-sm max-sm:block',
          'max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-2 max-sm:[&_thead]:sr-only',
          'max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-2 max-sm:[&_tr]:gap-x-3 max-sm:[&_tr]:gap-y-1 max-sm:[&_tr]:rounded-md max-sm:[&_tr]:border max-sm:[&_tr]:border-slate-200 max-sm:[&_tr]:bg-white max-sm:[&_tr]:p-2',
          'max-sm:[&_tbody_td]:block max-sm:[&_tbody_th]:col-span-2 max-sm:[&_tbody_th]:block max-sm:[&_tbody_td]:border-0 max-sm:[&_tbody_th]:border-0 max-sm:[&_tbody_td]:p-0 max-sm:[&_tbody_th]:p-0',
          'max-sm:[&_td[data-label]]:before:block max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:text-slate-500 max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
        ].join(' ')}
      >
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
              {cells.map((cell, j) =>
                j === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={j} scope="row" className={`${td} font-medium`}>
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={j} data-label={head[j]} className={td}>
                    {cell}
                  </td>
                ),
              )}
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
  const keptEdits = report.keptEdits ?? [];
  const unreadable = report.unreadablePrices;
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
      {unreadable?.count ? (
        <Block
          warn
          title={`Precios que no se pudieron leer: ${n(unreadable.count)} ${unreadable.count === 1 ? 'fila' : 'filas'} (se importan sin ese precio)`}
        >
          <ul aria-label="Precios que no se pudieron leer" className="grid gap-0.5">
            {unreadable.first.map((u) => (
              <li key={u.row}>
                Fila {u.row} ({u.partNumber}), lista {u.list}: <span className="break-all">«{u.text}»</span>
              </li>
            ))}
          </ul>
          <More shown={unreadable.first.length} total={unreadable.count} />
        </Block>
      ) : null}
      {keptEdits.length ? (
        <Block
          title={`Datos editados a mano que se conservan: ${n(report.handEditsKept ?? keptEdits.length)}`}
          open={keptEdits.length <= 10}
        >
          <ul aria-label="Datos editados a mano que se conservan" className="grid gap-1">
            {keptEdits.map((e) => (
              <KeptEdit key={`${e.partNumber}-${e.field}`} edit={e} />
            ))}
          </ul>
          <More shown={keptEdits.length} total={report.handEditsKept ?? keptEdits.length} />
        </Block>
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

/** One kept hand edit: "HE-1 · Descripción: queda «…»; el archivo trae «…»". */
function KeptEdit({ edit }: { edit: KeptEditBody }) {
  return (
    <li className="break-words">
      <strong>{edit.partNumber}</strong> · {FIELD_LABELS[edit.field]}: queda {editValue(edit.field, edit.kept)}; el archivo trae{' '}
      {editValue(edit.field, edit.incoming)}
    </li>
  );
}

/**
 * The apply step under a finished preview: a large change (over 10 % deactivated or 30 % of prices)
 * lists why and needs a checked confirmation before "Aplicar" is enabled; a preview that inserts,
 * updates and deactivates nothing offers no "Aplicar" and says there is nothing to apply.
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
  // The preview is exactly what applying would do (§11.4): nothing to write, nothing to offer.
  if (report.inserted + report.updated + report.deactivated === 0) {
    return (
      <p className="rounded-md border border-brand-200 bg-brand-50/50 p-4 text-sm text-slate-700">
        Es una vista previa: no cambiaría ningún producto, no hay nada que aplicar.
      </p>
    );
  }
  return (
    <div className="grid gap-3 rounded-md border border-brand-200 bg-brand-50/50 p-4">
      <p className="text-sm text-slate-700">Es una vista previa: todavía no se aplicó ningún cambio.</p>
      {large.length ? <LargeChangeConfirm reasons={large} confirmed={confirmed} onConfirmedChange={setConfirmed} /> : null}
      <div className="flex justify-end">
        <Button onClick={() => onApply(large.length > 0)} disabled={large.length > 0 && !confirmed} busy={pending}>
          <Check aria-hidden="true" className="size-4" />
          {pending ? 'Aplicando...' : `Aplicar ${noun}`}
        </Button>
      </div>
    </div>
  );
}
