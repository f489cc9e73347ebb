/**
 * "Historial" (issue 21 item 5): the audit log, newest first, filterable by person, kind, part and
 * days (`GET /api/admin/audit`), 50 entries a page, each with its before → after. Cards, not a
 * table, so it reads at 390 px.
 */
import { useState } from 'react';
import { FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { useAuditPage } from '../api.ts';
import { ENTITY_LABELS } from '../lib/audit-diff.ts';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { AuditEntryList } from './audit-entries.tsx';
import { EmptyState, ErrorState, LoadingState, Section } from './ui.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

const PAGE_SIZE = 50;
const KIND_OPTIONS = [{ value: '', label: 'Todos' }, ...Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))];

interface Filters {
  actor: string;
  entity: string;
  part: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { actor: '', entity: '', part: '', from: '', to: '' };

export function AuditTab() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  // Typed filters wait until typing stops; the rest apply at once. Any change goes back to page 1.
  const actor = useDebouncedValue(filters.actor.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const part = useDebouncedValue(filters.part.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const applied = { actor, part, entity: filters.entity, from: filters.from, to: filters.to };
  const key = JSON.stringify(applied);
  const [appliedKey, setAppliedKey] = useState(key);
  if (appliedKey !== key) {
    setAppliedKey(key);
    setPage(1);
  }
  const rangeError = filters.from && filters.to && filters.from > filters.to ? '"Desde" no puede ser posterior a "Hasta"' : undefined;
  const { data, error, isPending, isError, isFetching, refetch } = useAuditPage(
    { ...applied, page, limit: PAGE_SIZE },
    { enabled: !rangeError },
  );
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [name]: event.target.value }));
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Section title="Historial" description="Quién cambió qué y cuándo, con el valor anterior y el nuevo. Lo más reciente primero.">
      <search aria-label="Filtros del historial" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FormField label="Persona" density="compact" placeholder="Usuario" value={filters.actor} onChange={set('actor')} />
        <SelectField label="Tipo" density="compact" options={KIND_OPTIONS} value={filters.entity} onChange={set('entity')} />
        <FormField label="Repuesto" density="compact" placeholder="Código" value={filters.part} onChange={set('part')} />
        <FormField label="Desde" density="compact" type="date" value={filters.from} onChange={set('from')} error={rangeError} />
        <FormField label="Hasta" density="compact" type="date" value={filters.to} onChange={set('to')} />
      </search>
      {rangeError ? null : isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudo cargar el historial." onRetry={() => void refetch()} />
      ) : data.entries.length === 0 ? (
        <EmptyState>No hay cambios registrados con esos filtros.</EmptyState>
      ) : (
        <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3', isFetching && 'opacity-60')} aria-busy={isFetching}>
          <p className="text-sm text-slate-600">
            {formatCount(data.total)} {data.total === 1 ? 'cambio' : 'cambios'}
          </p>
          <AuditEntryList entries={data.entries} label="Cambios" />
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </div>
      )}
    </Section>
  );
}
