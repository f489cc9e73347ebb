/**
 * The "Repuestos" tab's list (issue 21 item 4; docs/product.md §10.2): filters by search, category
 * (with its subcategories), brand, state, without photo, without price in the chosen list and edited
 * by hand; columns with the chosen price list and stock; "Exportar Excel" of the filtered list;
 * "Cambiar precios" for a bulk change (item 3) and the undo of the last one. A table on wide
 * screens, one card per part on phones.
 */
import { FileSpreadsheet, Pencil, Percent, Undo2, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { PartStatusFilter } from '../../../../shared/admin-parts-list.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CheckboxField, FormField, SearchField, SelectField } from '../../../components/ui/form-field.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount, formatCountOf, formatDateTime, formatPrice } from '../../../lib/format.ts';
import { type AdminPart, useAdminCategories } from '../api.ts';
import { categoryOptions } from '../lib/category-options.ts';
import {
  EMPTY_PART_FILTERS,
  type PartListFilters,
  partsExportUrl,
  useBrands,
  useLastPriceChange,
  usePartList,
  useUndoPrices,
} from '../prices-api.ts';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { BulkPriceDialog } from './bulk-prices.tsx';
import { ActionsCell, CardRow, CardTable, Cell, HeadCell } from './card-table.tsx';
import { EmptyState, ErrorState, LoadingState } from './ui.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

const STATUS_OPTIONS: { value: PartStatusFilter | ''; label: string }[] = [
  { value: '', label: 'Todos' },
  { value: 'active', label: 'Activos' },
  { value: 'inactive', label: 'Inactivos' },
];
const LIST_OPTIONS = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `Lista ${i + 1}` }));
const FLAGS = [
  { key: 'withoutPhoto', label: 'Sin foto' },
  { key: 'withoutPrice', label: 'Sin precio en la lista' },
  { key: 'handEdited', label: 'Editados a mano' },
] as const;

const badge = 'rounded px-1.5 py-0.5 text-xs font-medium';

/** The part's stock: units and level when the units are known, else the level. */
function stockText(part: AdminPart & { stockQuantity: number | null }): string {
  return part.stockQuantity === null ? part.stockLevel : `${formatCount(part.stockQuantity)} u. · ${part.stockLevel}`;
}

/** "Último cambio de precios" with its undo, after a confirmation that says what undoing does. */
function LastPriceChange() {
  const { data: change } = useLastPriceChange();
  const undo = useUndoPrices();
  const [confirming, setConfirming] = useState(false);
  if (!change || change.undoneAt) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        Último cambio de precios: {change.summary} ({formatCount(change.count)} {change.count === 1 ? 'precio' : 'precios'}), de{' '}
        {change.actor}, el {formatDateTime(change.createdAt)}.
      </p>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden="true" className="size-4" />
        Deshacer
      </Button>
      <ConfirmDialog
        open={confirming}
        title="¿Deshacer el cambio de precios?"
        description={`${change.summary}: ${formatCount(change.count)} ${change.count === 1 ? 'precio vuelve' : 'precios vuelven'} a su valor anterior. Los que cambiaron después quedan como están.`}
        actionLabel="Deshacer"
        busyLabel="Deshaciendo..."
        busy={undo.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => undo.mutate(change.id, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

/** The list: filters, toolbar, the page of parts and its pages. `onEdit` opens the part editor. */
export function PartsList({ onEdit }: { onEdit: (partId: number) => void }) {
  const [searchText, setSearchText] = useState('');
  const [brandText, setBrandText] = useState('');
  const [rest, setRest] = useState(EMPTY_PART_FILTERS);
  const [page, setPage] = useState(1);
  const [bulkOpen, setBulkOpen] = useState(false);
  const search = useDebouncedValue(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const brand = useDebouncedValue(brandText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const filters: PartListFilters = useMemo(() => ({ ...rest, search, brand }), [rest, search, brand]);
  const [appliedKey, setAppliedKey] = useState(() => JSON.stringify(filters));
  const key = JSON.stringify(filters);
  if (key !== appliedKey) {
    // New filters start at page 1 (adjusting state during render, no extra effect pass).
    setAppliedKey(key);
    setPage(1);
  }
  const categories = useAdminCategories();
  const brands = useBrands();
  const brandListId = useId();
  const { data, error, isPending, isError, isFetching, refetch } = usePartList(filters, page, ADMIN_PAGE_SIZE);
  const categoryChoices = useMemo(() => categoryOptions(categories.data ?? [], '', 'Todas'), [categories.data]);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
  const filtered = searchText.trim() !== '' || brandText.trim() !== '' || JSON.stringify(rest) !== JSON.stringify(EMPTY_PART_FILTERS);
  const set = <K extends keyof PartListFilters>(name: K, value: PartListFilters[K]) => setRest((f) => ({ ...f, [name]: value }));
  const listName = `Lista ${filters.priceList}`;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SearchField label="Buscar repuestos" value={searchText} onChange={setSearchText} placeholder="Código, descripción o categoría" />
        <SelectField
          label="Categoría"
          density="compact"
          className="[&_select]:w-full"
          options={categoryChoices}
          value={filters.categoryId === null ? '' : String(filters.categoryId)}
          onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}
        />
        <div>
          <FormField
            label="Marca"
            density="compact"
            type="search"
            list={brandListId}
            autoComplete="off"
            value={brandText}
            onChange={(e) => setBrandText(e.target.value)}
          />
          <datalist id={brandListId}>
            {(brands.data ?? []).map((b) => (
              <option key={b.brand} value={b.brand} />
            ))}
          </datalist>
        </div>
        <SelectField
          label="Estado"
          density="compact"
          className="[&_select]:w-full"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(e) => set('status', e.target.value as PartStatusFilter | '')}
        />
        <SelectField
          label="Precio de"
          density="compact"
          className="[&_select]:w-full"
          options={LIST_OPTIONS}
          value={String(filters.priceList)}
          onChange={(e) => set('priceList', Number(e.target.value))}
        />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium text-slate-700">Mostrar solo</legend>
          <div className="flex flex-wrap gap-x-4">
            {FLAGS.map((flag) => (
              <CheckboxField
                key={flag.key}
                label={flag.label}
                className="min-h-10"
                checked={filters[flag.key]}
                onChange={(e) => set(flag.key, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => setBulkOpen(true)}>
          <Percent aria-hidden="true" className="size-4" />
          Cambiar precios
        </Button>
        <a href={partsExportUrl(filters)} download className={buttonClasses('outline', 'md')}>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          Exportar Excel
        </a>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setSearchText('');
              setBrandText('');
              setRest(EMPTY_PART_FILTERS);
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Limpiar filtros
          </Button>
        ) : null}
      </div>
      <LastPriceChange />
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los repuestos." onRetry={() => void refetch()} />
      ) : data.parts.length === 0 ? (
        <EmptyState>{filtered ? 'Ningún repuesto coincide con los filtros.' : 'No se encontraron productos'}</EmptyState>
      ) : (
        <div className={cn('grid gap-3', isFetching && 'opacity-60')} aria-busy={isFetching}>
          <p className="text-sm text-slate-600">
            Mostrando {formatCount(data.parts.length)} de {formatCountOf(data.total, 'repuesto', 'repuestos')}
          </p>
          <CardTable label="Repuestos" columns={['Código', 'Descripción', 'Marca', listName, 'Stock', 'Estado']}>
            {data.parts.map((part) => (
              <CardRow key={part.id} muted={!part.isActive}>
                <HeadCell className="whitespace-nowrap font-mono">{part.partNumber}</HeadCell>
                <Cell label="Descripción">{part.description}</Cell>
                <Cell label="Marca">{part.brand ?? '—'}</Cell>
                <Cell label={listName} className="whitespace-nowrap">
                  {formatPrice(part.priceLists[filters.priceList - 1] ?? null)}
                </Cell>
                <Cell label="Stock">{stockText(part)}</Cell>
                <Cell label="Estado">
                  <span className="flex flex-wrap gap-1">
                    {part.isActive ? (
                      <span className={cn(badge, 'bg-emerald-50 text-emerald-800')}>Activo</span>
                    ) : (
                      <span className={cn(badge, 'bg-slate-200 text-slate-800')}>Inactivo</span>
                    )}
                    {part.imageUrl ? null : <span className={cn(badge, 'bg-slate-100 text-slate-700')}>Sin foto</span>}
                    {part.handEditedFields.length ? <span className={cn(badge, 'bg-amber-100 text-amber-900')}>Editado a mano</span> : null}
                  </span>
                </Cell>
                <ActionsCell>
                  <Button variant="outline" size="sm" onClick={() => onEdit(part.id)} aria-label={`Editar ${part.partNumber}`}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Editar
                  </Button>
                </ActionsCell>
              </CardRow>
            ))}
          </CardTable>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </div>
      )}
      <BulkPriceDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        defaults={{ search: filters.search, categoryId: filters.categoryId, brand: filters.brand }}
      />
    </div>
  );
}
