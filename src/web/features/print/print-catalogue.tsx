import { useState } from 'react';
import { photoThumbnail } from '../../../shared/media.ts';
import { formatPrintPrice, PRINT_TEXTS, type PrintGroup } from '../../../shared/print.ts';
import { cn } from '../../lib/cn.ts';
import type { PrintPart } from './load-print-parts.ts';

export interface PrintColumns {
  includeImages: boolean;
  includePrices: boolean;
}

const headingTag = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;
const headingClass = {
  1: 'print-heading-1 mb-3 rounded-sm bg-brand-900 px-3 py-1.5 text-lg font-bold uppercase tracking-wide text-white',
  2: 'mb-2 mt-4 border-b-2 border-brand-700 pb-1 text-base font-bold text-brand-900',
  3: 'mb-2 mt-3 text-sm font-semibold uppercase text-slate-700',
} as const;

/**
 * The IMAGEN cell: the photo (the thumbnail of one uploaded in the panel, docs/product.md §4.4), or
 * "Sin imagen" (docs/product.md §9.3) when the part has none or it fails to load, never a
 * broken-image icon on paper (issue 22).
 */
function PrintImage({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="print-image flex size-16 items-center justify-center text-center text-[10px] text-slate-500 print:size-12">
        {PRINT_TEXTS.noImage}
      </span>
    );
  }
  return (
    <img
      src={photoThumbnail(src)}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="print-image mx-auto size-16 object-contain print:size-12"
    />
  );
}

/** The rows of one group: CÓDIGO, DESCRIPCIÓN, [IMAGEN], [PRECIO]. */
function PartsTable({ group, columns }: { group: PrintGroup<PrintPart>; columns: PrintColumns }) {
  const { columns: titles } = PRINT_TEXTS;
  return (
    <table aria-label={group.path.join(' › ')} className="print-table mb-4 w-full border-collapse text-sm">
      <thead>
        <tr className="bg-slate-100 text-left text-xs font-bold uppercase text-slate-700">
          <th scope="col" className="w-36 border border-slate-300 px-2 py-1">
            {titles.partNumber}
          </th>
          <th scope="col" className="border border-slate-300 px-2 py-1">
            {titles.description}
          </th>
          {columns.includeImages ? (
            <th scope="col" className="w-20 border border-slate-300 px-2 py-1 text-center">
              {titles.image}
            </th>
          ) : null}
          {columns.includePrices ? (
            <th scope="col" className="w-32 border border-slate-300 px-2 py-1 text-right">
              {titles.price}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {group.parts.map((part) => (
          <tr key={part.id} className="align-middle">
            <td className="border border-slate-300 px-2 py-1 font-mono text-xs font-semibold break-all">{part.partNumber}</td>
            <td className="border border-slate-300 px-2 py-1">{part.description}</td>
            {columns.includeImages ? (
              <td className="border border-slate-300 p-1">
                <PrintImage src={part.image} />
              </td>
            ) : null}
            {columns.includePrices ? (
              <td className="border border-slate-300 px-2 py-1 text-right tabular-nums whitespace-nowrap">
                {formatPrintPrice(part.price, true)}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A group heading (level 1 → h2, 2 → h3, 3 → h4), its own rows, then its sub-groups. */
function GroupSection({ group, columns }: { group: PrintGroup<PrintPart>; columns: PrintColumns }) {
  const Heading = headingTag[group.level];
  return (
    <section className={cn('print-group', `print-group-${group.level}`)}>
      <Heading className={cn('print-heading', headingClass[group.level])}>{group.name}</Heading>
      {group.parts.length ? <PartsTable group={group} columns={columns} /> : null}
      {group.children.map((child) => (
        <GroupSection key={JSON.stringify(child.path)} group={child} columns={columns} />
      ))}
    </section>
  );
}

/**
 * The printable list: one section per level-1 group, headings for levels 1 to 3 and a table per
 * group, in the order of `groupForPrint`. Groups follow each other on the paper (issue 22: a page
 * per level-1 group printed 412 mostly empty pages); a heading never ends a page alone.
 */
export function PrintCatalogue({ groups, columns }: { groups: PrintGroup<PrintPart>[]; columns: PrintColumns }) {
  if (!groups.length) {
    return <p className="py-12 text-center text-slate-600">{PRINT_TEXTS.empty}</p>;
  }
  return (
    <div className="print-groups">
      {groups.map((group) => (
        <GroupSection key={JSON.stringify(group.path)} group={group} columns={columns} />
      ))}
    </div>
  );
}
