import { Link2, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { type AdminPart, errorToast, useAddRelation, useAdminParts, useRelationSearch, useRelations, useRemoveRelation } from '../api.ts';
import { ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_TEXTS, RELATED_MIN_CHARS } from '../texts.ts';
import { UndoRemoval, useUndoRemoval } from './undo-removal.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { EmptyState, ErrorState, LoadingState, Section, TableHead, TableScroll, td } from './ui.tsx';

/** Delay of the related-candidate search (ms). */
export const RELATED_SEARCH_DEBOUNCE_MS = 300;
const MAIN_RESULTS = 20;

function PartCells({ part }: { part: AdminPart }) {
  return (
    <>
      <th scope="row" className={`${td} whitespace-nowrap font-mono font-medium`}>
        {part.partNumber}
      </th>
      <td className={td}>
        {part.description}
        {part.isActive ? null : <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">Inactivo</span>}
      </td>
    </>
  );
}

/** A table of parts (code, description) with one action cell per row; cards on phones. */
function PartTable({ label, parts, action }: { label: string; parts: AdminPart[]; action: (part: AdminPart) => ReactNode }) {
  return (
    <TableScroll label={label} stack>
      <TableHead columns={['Código', 'Descripción']} />
      <tbody>
        {parts.map((part) => (
          <tr key={part.id}>
            <PartCells part={part} />
            <td className={td}>{action(part)}</td>
          </tr>
        ))}
      </tbody>
    </TableScroll>
  );
}

/** The states of a part search: searching, failed, nothing found, or the parts found (dimmed while refreshing). */
function PartSearchResults(props: {
  label: string;
  parts: AdminPart[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  errorMessage: string;
  onRetry?: () => void;
  action: (part: AdminPart) => ReactNode;
}) {
  if (props.isPending) return <LoadingState label="Buscando..." />;
  if (!props.parts)
    return <ErrorState error={props.error} message={props.errorMessage} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />;
  if (props.parts.length === 0) return <EmptyState>No se encontraron productos</EmptyState>;
  return (
    <div className={cn(props.isFetching && 'opacity-60')}>
      <PartTable label={props.label} parts={props.parts} action={props.action} />
    </div>
  );
}

function MainProductPicker({ onPick, autoFocus = false }: { onPick: (part: AdminPart) => void; autoFocus?: boolean }) {
  const [search, setSearch] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  // Back from "Cambiar producto principal": its button is gone, the focus goes to the search.
  useEffect(() => {
    if (autoFocus) boxRef.current?.querySelector('input')?.focus();
  }, [autoFocus]);
  const debounced = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const { data, error, isPending, isError, isFetching, refetch } = useAdminParts(
    { page: 1, limit: MAIN_RESULTS, search: debounced },
    { enabled: debounced !== '' },
  );
  return (
    <div className="grid grid-cols-1 gap-3">
      <div ref={boxRef} className="max-w-md">
        <SearchField label="Buscar producto principal" value={search} onChange={setSearch} placeholder="Código, descripción o categoría" />
      </div>
      {debounced === '' ? (
        <p className="text-sm text-slate-500">Busque el producto cuyos relacionados quiere administrar.</p>
      ) : (
        <PartSearchResults
          label="Productos encontrados"
          parts={isError ? undefined : data?.parts}
          isPending={isPending}
          isFetching={isFetching}
          error={error}
          errorMessage={ADMIN_TEXTS.relatedSearchFailed}
          onRetry={() => void refetch()}
          action={(part) => (
            <Button size="sm" variant="outline" onClick={() => onPick(part)}>
              Seleccionar
            </Button>
          )}
        />
      )}
    </div>
  );
}

/**
 * The main part's related parts with "Quitar". A removed part hands the keyboard's focus to the
 * "Quitar" now in its place (the previous one at the end), so several are removed in a row; the
 * last one gone, `emptyFocus()` (the candidate search) takes it (docs/product.md §10.2). The last
 * removal can be undone ("Deshacer" relates the part again: the list is sorted by code, so it comes
 * back to its place), and its "Quitar" then takes the focus.
 */
function RelatedList({ main, emptyFocus }: { main: AdminPart; emptyFocus: () => HTMLElement | null | undefined }) {
  const { data, error, isPending, isError, refetch } = useRelations(main.id);
  const remove = useRemoveRelation();
  const add = useAddRelation();
  const listRef = useRef<HTMLDivElement>(null);
  const [removed, setRemoved] = useState<{ id: number; index: number } | null>(null);
  const undo = useUndoRemoval<AdminPart>(
    (part) => data?.relatedProducts.some((p) => p.id === part.id) === true,
    (part) => listRef.current?.querySelector<HTMLButtonElement>(`button[data-related-remove="${part.id}"]`)?.focus(),
  );
  useEffect(() => {
    const gone = removed;
    if (!gone || !data || data.relatedProducts.some((p) => p.id === gone.id)) return;
    setRemoved(null);
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(gone.index, buttons.length - 1)] ?? emptyFocus())?.focus();
  }, [data, removed, emptyFocus]);
  if (isPending) return <LoadingState />;
  if (isError)
    return <ErrorState error={error} message="No se pudieron cargar los productos relacionados." onRetry={() => void refetch()} />;
  const offer = undo.offered ? (
    <UndoRemoval busy={undo.restoring} onUndo={() => undo.undo((part) => add.mutateAsync({ partId: main.id, relatedId: part.id }))}>
      Se quitó <strong className="font-mono">{undo.offered.partNumber}</strong> de los relacionados.
    </UndoRemoval>
  ) : null;
  if (data.relatedProducts.length === 0)
    return (
      <>
        {offer}
        <EmptyState>Este producto no tiene productos relacionados.</EmptyState>
      </>
    );
  return (
    <>
      {offer}
      <div ref={listRef}>
        <PartTable
          label={`Productos relacionados con ${main.partNumber}`}
          parts={data.relatedProducts}
          action={(part) => {
            const removing = remove.isPending && remove.variables.relatedId === part.id;
            return (
              <Button
                size="sm"
                variant="ghost"
                className={cn('text-accent-700', removing && 'opacity-50')}
                aria-label={`Quitar ${part.partNumber}`}
                // Not disabled while removing: a disabled button drops the keyboard's focus to the page.
                aria-disabled={removing || undefined}
                data-related-remove={part.id}
                onClick={() => {
                  if (removing) return;
                  const index = data.relatedProducts.findIndex((p) => p.id === part.id);
                  remove.mutate(
                    { partId: main.id, relatedId: part.id },
                    {
                      onSuccess: () => {
                        setRemoved({ id: part.id, index });
                        undo.removed(part);
                      },
                    },
                  );
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Quitar
              </Button>
            );
          }}
        />
      </div>
    </>
  );
}

function CandidateSearch({ main }: { main: AdminPart }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), RELATED_SEARCH_DEBOUNCE_MS);
  const longEnough = term.length >= RELATED_MIN_CHARS;
  const { data, error, isPending, isError, isFetching, errorUpdatedAt } = useRelationSearch(term, main.id, longEnough);
  const related = useRelations(main.id);
  const add = useAddRelation();
  const relatedIds = new Set(related.data?.relatedProducts.map((p) => p.id));
  const candidates = (data ?? []).filter((p) => p.id !== main.id);

  useEffect(() => {
    if (errorUpdatedAt) errorToast(ADMIN_TEXTS.relatedSearchFailed);
  }, [errorUpdatedAt]);

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="max-w-md">
        <SearchField
          label="Buscar productos para relacionar"
          value={search}
          onChange={setSearch}
          placeholder="Código, descripción o categoría"
          hint={`${ADMIN_TEXTS.relatedMinChars}. El producto principal no aparece.`}
        />
      </div>
      {longEnough ? (
        <PartSearchResults
          label="Candidatos para relacionar"
          parts={isError ? undefined : candidates}
          isPending={isPending}
          isFetching={isFetching}
          error={error}
          errorMessage="La búsqueda falló. Intente nuevamente."
          action={(part) => {
            // One button in both states, so the focus stays on it once the part is added.
            const done = relatedIds.has(part.id);
            const adding = add.isPending && add.variables.relatedId === part.id;
            return (
              <Button
                size="sm"
                variant={done ? 'ghost' : 'outline'}
                className={cn(done && 'cursor-default text-xs text-green-700 hover:bg-transparent', adding && 'opacity-50')}
                aria-label={done ? undefined : `Agregar ${part.partNumber}`}
                aria-disabled={done || adding || undefined}
                onClick={() => {
                  if (!done && !adding) add.mutate({ partId: main.id, relatedId: part.id });
                }}
              >
                {done ? (
                  'Ya relacionado'
                ) : (
                  <>
                    <Plus aria-hidden="true" className="size-4" />
                    Agregar
                  </>
                )}
              </Button>
            );
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * "Productos Relacionados": pick a main product, then add or remove its related products. The
 * keyboard's focus follows: to the chosen main product once picked, back to the search when it is
 * changed.
 */
export function RelatedTab() {
  const [main, setMain] = useState<AdminPart | null>(null);
  const [changed, setChanged] = useState(false);
  const chosenRef = useRef<HTMLParagraphElement>(null);
  const candidatesRef = useRef<HTMLDivElement>(null);
  const candidateSearch = useCallback(() => candidatesRef.current?.querySelector<HTMLInputElement>('input'), []);
  useEffect(() => {
    if (main) chosenRef.current?.focus();
  }, [main]);
  if (!main) {
    return (
      <Section title="Productos Relacionados" description="Elija el producto principal.">
        <MainProductPicker onPick={setMain} autoFocus={changed} />
      </Section>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <Section
        title="Productos Relacionados"
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setChanged(true);
              setMain(null);
            }}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Cambiar producto principal
          </Button>
        }
      >
        <p
          ref={chosenRef}
          tabIndex={-1}
          className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900"
        >
          <Link2 aria-hidden="true" className="size-4" />
          <span>
            Producto principal: <strong className="font-mono">{main.partNumber}</strong> — {main.description}
          </span>
        </p>
        <h3 className="mb-2 text-base font-semibold text-slate-900">Relacionados</h3>
        <RelatedList main={main} emptyFocus={candidateSearch} />
      </Section>
      <Section title="Agregar productos relacionados">
        <div ref={candidatesRef}>
          <CandidateSearch key={main.id} main={main} />
        </div>
      </Section>
    </div>
  );
}
