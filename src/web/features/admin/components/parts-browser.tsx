import { type ReactNode, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { type AdminPart, useAdminParts } from '../api.ts';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { EmptyState, ErrorState, LoadingState, TableScroll, td, th } from './ui.tsx';

export interface PartColumn {
  header: string;
  cell: (part: AdminPart) => ReactNode;
}

/**
 * Searchable, paged admin part list (docs/product.md §10.2 "Unidades de Venta", "Multimedia"): the search runs
 * 500 ms after typing stops and goes back to page 1; 50 parts a page. Rows are cards on phones.
 */
export function PartsBrowser({ label, columns }: { label: string; columns: PartColumn[] }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [appliedSearch, setAppliedSearch] = useState(debounced);
  if (appliedSearch !== debounced) {
    // A new search starts at page 1 (adjusting state during render, no extra effect pass).
    setAppliedSearch(debounced);
    setPage(1);
  }
  const { data, error, isPending, isError, isFetching, refetch } = useAdminParts({
    page,
    limit: ADMIN_PAGE_SIZE,
    search: appliedSearch,
  });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="max-w-md">
        <SearchField label="Buscar repuestos" value={search} onChange={setSearch} placeholder="Código, descripción o categoría" />
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los repuestos." onRetry={() => void refetch()} />
      ) : data.parts.length === 0 ? (
        <EmptyState>No se encontraron productos</EmptyState>
      ) : (
        <div className={cn('grid gap-3', isFetching && 'opacity-60')} aria-busy={isFetching}>
          <p className="text-sm text-slate-600">
            Mostrando {formatCount(data.parts.length)} de {formatCountOf(data.total, 'repuesto', 'repuestos')}
          </p>
          <TableScroll label={label} stack>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Código
                </th>
                <th scope="col" className={th}>
                  Descripción
                </th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={th}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.parts.map((part) => (
                <tr key={part.id}>
                  <th scope="row" className={`${td} whitespace-nowrap font-mono font-medium`}>
                    {part.partNumber}
                  </th>
                  <td className={td}>{part.description}</td>
                  {columns.map((c) => (
                    <td key={c.header} className={td} data-label={c.header}>
                      {c.cell(part)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </TableScroll>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </div>
      )}
    </div>
  );
}
