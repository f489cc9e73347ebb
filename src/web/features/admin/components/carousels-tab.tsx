import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as Tabs from '@radix-ui/react-tabs';
import { AlertTriangle, ArrowDown, ArrowUp, CheckCircle2, GripVertical, Plus, Save, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { COLLECTIONS, type Collection } from '../../../../shared/api.ts';
import { discountProblem, offerDaysFormSchema, offerStatus } from '../../../../shared/carousels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, SearchField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useZodForm } from '../../../lib/form.ts';
import { formatArs, formatCount, formatCountOf, formatDay } from '../../../lib/format.ts';
import { type AdminPart, useAdminParts } from '../api.ts';
import {
  type CarouselEntry,
  type DiscountedProduct,
  useCarouselDraft,
  useDiscountedProducts,
  usePublishCarousels,
  useReorderCarousel,
  useUpdateCarousel,
} from '../carousels-api.ts';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS, COLLECTION_LABELS, parseDiscount } from '../texts.ts';
import { EmptyState, ErrorState, LoadingState, Section } from './ui.tsx';
import { UndoRemoval, useUndoRemoval } from './undo-removal.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useRefocusAfterRemoval } from '../lib/use-refocus-after-removal.ts';

const formatMoney = (value: string | null) => (value === null ? '—' : formatArs(value));

/**
 * The discount an admin types: a number with a comma or a dot ({@link parseDiscount}) from 0 to
 * less than 100 (the contract's `discountProblem`: 100 % would give the part away), as a number.
 */
const typedDiscountProblem = (text: string) => discountProblem(parseDiscount(text) ?? Number.NaN);
const discountFormSchema = z.object({
  discount: z.pipe(
    z
      .string()
      .check(
        z.refine((text) => typedDiscountProblem(text) === null, { error: (issue) => typedDiscountProblem(String(issue.input)) ?? '' }),
      ),
    z.transform((text: string) => parseDiscount(text) ?? 0),
  ),
});

/**
 * Discount (0 to less than 100) of an on-sale entry; validated before it is sent (docs/product.md §3.4).
 * Saved, the field takes the saved value in place: the focus stays on the field or on "Aplicar".
 */
export function DiscountEditor({ entry }: { entry: CarouselEntry }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useZodForm(discountFormSchema, { defaultValues: { discount: String(entry.discountPercentage) } });
  const error = errors.discount?.message;
  const mutation = useUpdateCarousel();
  const { onChange, ...field } = register('discount');
  // The saved value changed (this form or another window): the field shows it, without a remount.
  useEffect(() => reset({ discount: String(entry.discountPercentage) }), [entry.discountPercentage, reset]);
  const submit = handleSubmit(({ discount }) => {
    if (discount === entry.discountPercentage) return;
    mutation.mutate(
      { partId: entry.partId, category: 'on-sale', action: 'update-discount', discountPercentage: discount },
      { onError: () => reset({ discount: String(entry.discountPercentage) }) },
    );
  });
  return (
    <form onSubmit={submit} className="grid gap-1" noValidate>
      <div className="flex items-end gap-1">
        <FormField
          label={
            <>
              Descuento (%)<span className="sr-only"> de {entry.partNumber}</span>
            </>
          }
          density="compact"
          className="w-24"
          controlClassName="h-9"
          type="number"
          inputMode="decimal"
          min={0}
          max={99.99}
          step="any"
          // Read-only, not disabled, while saving: a disabled field drops the keyboard's focus.
          readOnly={mutation.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
          onChange={(event) => {
            if (error) clearErrors('discount');
            return onChange(event);
          }}
        />
        <Button type="submit" size="sm" variant="outline" busy={mutation.isPending}>
          Aplicar<span className="sr-only"> descuento de {entry.partNumber}</span>
        </Button>
      </div>
      <FormAlert id={`${id}-error`} message={error} />
    </form>
  );
}

/** A form's message under a row of fields, read out when it appears. */
function FormAlert({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="max-w-xs text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

const STATUS_TEXT = { live: 'Vigente', scheduled: 'Programada', ended: 'Vencida' } as const;
const STATUS_CLASSES = {
  live: 'bg-green-100 text-green-800',
  scheduled: 'bg-blue-100 text-blue-800',
  ended: 'bg-slate-200 text-slate-700',
} as const;

/** What the offer's days say, in words: "Del 01/03/2025 al 31/03/2025", "Desde …", "Hasta …", "Sin fechas". */
function offerDaysText({ startsOn, endsOn }: Pick<CarouselEntry, 'startsOn' | 'endsOn'>): string {
  if (startsOn && endsOn) return `Del ${formatDay(startsOn)} al ${formatDay(endsOn)}`;
  if (startsOn) return `Desde el ${formatDay(startsOn)}`;
  if (endsOn) return `Hasta el ${formatDay(endsOn)}`;
  return 'Sin fechas: se muestra siempre';
}

/**
 * The first and last day of an on-sale offer (both optional, inclusive, Argentine days): outside
 * them the server shows the offer to nobody (docs/product.md §3.4). "Guardar fechas" says it has
 * nothing to save (`aria-disabled`) rather than being disabled, so it keeps the focus once saved.
 */
export function OfferDatesEditor({ entry, today }: { entry: CarouselEntry; today: string }) {
  const id = useId();
  const saved = { startsOn: entry.startsOn ?? '', endsOn: entry.endsOn ?? '' };
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useZodForm(offerDaysFormSchema, { defaultValues: saved });
  // The saved days changed: the fields show them, without a remount that would drop the focus.
  useEffect(() => reset({ startsOn: entry.startsOn ?? '', endsOn: entry.endsOn ?? '' }), [entry.startsOn, entry.endsOn, reset]);
  const mutation = useUpdateCarousel();
  const status = offerStatus(entry, today);
  const [startsOn, endsOn] = watch(['startsOn', 'endsOn']);
  const changed = startsOn !== saved.startsOn || endsOn !== saved.endsOn;
  const error = errors.startsOn?.message ?? errors.endsOn?.message;
  const submit = handleSubmit((days) => {
    if (changed && !mutation.isPending) mutation.mutate({ partId: entry.partId, category: 'on-sale', action: 'update-dates', ...days });
  });
  const dateField = (label: string) => ({
    label,
    density: 'compact' as const,
    type: 'date',
    className: 'w-40',
    controlClassName: 'h-9',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  return (
    <form onSubmit={submit} className="grid gap-1" noValidate aria-label={`Fechas de la oferta de ${entry.partNumber}`}>
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className={cn('rounded px-1.5 py-0.5 font-medium', STATUS_CLASSES[status])}>{STATUS_TEXT[status]}</span>
        {offerDaysText(entry)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <FormField {...dateField('Desde')} max={endsOn || undefined} {...register('startsOn')} />
        <FormField {...dateField('Hasta')} min={startsOn || undefined} {...register('endsOn')} />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          busy={mutation.isPending}
          aria-disabled={!changed || undefined}
          className={cn(!changed && 'cursor-not-allowed opacity-50')}
        >
          Guardar fechas<span className="sr-only"> de {entry.partNumber}</span>
        </Button>
      </div>
      <FormAlert id={`${id}-error`} message={error} />
    </form>
  );
}

function EntryCard({
  entry,
  index,
  count,
  collection,
  discounted,
  today,
  onMove,
  onRemoved,
}: {
  entry: CarouselEntry;
  index: number;
  count: number;
  collection: Collection;
  discounted: DiscountedProduct | undefined;
  today: string;
  onMove: (from: number, to: number) => void;
  /** After "Quitar" took the entry out, as it was (the list moves the focus on and offers "Deshacer"). */
  onRemoved: (entry: CarouselEntry, index: number) => void;
}) {
  const mutation = useUpdateCarousel();
  const sortable = useSortable({ id: entry.partId });
  const onSale = collection === 'on-sale';
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // Moved with an arrow: that arrow keeps the focus, or the other one once the entry reached an end
  // (the arrow there is disabled, which would drop the focus to the page).
  const movedWith = useRef<'up' | 'down' | null>(null);
  useEffect(() => {
    const arrow = movedWith.current;
    movedWith.current = null;
    if (arrow === 'up') (index === 0 ? downRef : upRef).current?.focus();
    if (arrow === 'down') (index === count - 1 ? upRef : downRef).current?.focus();
  }, [index, count]);
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      aria-label={`${index + 1}. ${entry.partNumber}`}
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-md border border-slate-200 bg-white p-3',
        sortable.isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-600',
      )}
    >
      <div className="flex shrink-0 items-center gap-1">
        <button
          type="button"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Mover ${entry.partNumber} (posición ${index + 1} de ${count})`}
          className="flex size-10 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <div className="flex flex-col">
          <button
            ref={upRef}
            type="button"
            onClick={() => {
              movedWith.current = 'up';
              onMove(index, index - 1);
            }}
            disabled={index === 0}
            aria-label={`Subir ${entry.partNumber}`}
            className="flex size-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 disabled:opacity-30"
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            ref={downRef}
            type="button"
            onClick={() => {
              movedWith.current = 'down';
              onMove(index, index + 1);
            }}
            disabled={index === count - 1}
            aria-label={`Bajar ${entry.partNumber}`}
            className="flex size-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 disabled:opacity-30"
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-mono text-sm font-semibold text-slate-900">
          <span className="mr-2 text-xs font-normal text-slate-500">{index + 1}.</span>
          {entry.partNumber}
          {entry.isActive ? null : (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 font-sans text-xs text-slate-700">Inactivo</span>
          )}
        </p>
        <p className="text-sm text-slate-700">{entry.description}</p>
        {onSale && discounted ? (
          <p className="mt-1 text-xs text-slate-500">
            Precio original L1 / L2 / L4 (publicado): {formatMoney(discounted.originalPriceList1)} /{' '}
            {formatMoney(discounted.originalPriceList2)} / {formatMoney(discounted.originalPriceList4)}
          </p>
        ) : null}
      </div>
      {onSale ? (
        <div className="flex w-full flex-wrap gap-4 sm:w-auto">
          <DiscountEditor entry={entry} />
          <OfferDatesEditor entry={entry} today={today} />
        </div>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className={cn('ml-auto text-accent-700', mutation.isPending && 'opacity-50')}
        // Not disabled while saving: a disabled button drops the keyboard's focus to the page.
        aria-disabled={mutation.isPending || undefined}
        data-carousel-remove={entry.partId}
        onClick={() => {
          if (!mutation.isPending)
            mutation.mutate({ partId: entry.partId, category: collection, action: 'remove' }, { onSuccess: () => onRemoved(entry, index) });
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Quitar<span className="sr-only"> {entry.partNumber}</span>
      </Button>
    </li>
  );
}

function CandidateCard({
  part,
  index,
  collection,
  onAdded,
}: {
  part: AdminPart;
  index: number;
  collection: Collection;
  /** After the part joined the carousel (it leaves this list). */
  onAdded: (partId: number, index: number) => void;
}) {
  const mutation = useUpdateCarousel();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-white p-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-mono text-sm font-semibold text-slate-900">{part.partNumber}</p>
        <p className="text-sm text-slate-700">{part.description}</p>
        <p className="text-xs text-slate-500">{part.categoryPath.join(' > ') || 'Sin categoría'}</p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className={cn(mutation.isPending && 'opacity-50')}
        aria-disabled={mutation.isPending || undefined}
        data-carousel-add
        onClick={() => {
          if (!mutation.isPending)
            mutation.mutate({ partId: part.id, category: collection, action: 'add' }, { onSuccess: () => onAdded(part.id, index) });
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
        Agregar<span className="sr-only"> {part.partNumber}</span>
      </Button>
    </li>
  );
}

function Candidates({ collection }: { collection: Collection }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const { data, error, isPending, isError, refetch, isFetching } = useAdminParts({
    page: 1,
    limit: ADMIN_PAGE_SIZE,
    search: debounced,
    excludeCollection: collection,
  });
  const label = COLLECTION_LABELS[collection];
  const boxRef = useRef<HTMLDivElement>(null);
  const searchBox = useCallback(() => boxRef.current?.querySelector<HTMLInputElement>('input'), []);
  const added = useRefocusAfterRemoval(
    data?.parts.map((p) => p.id),
    boxRef,
    'button[data-carousel-add]',
    searchBox,
  );
  return (
    <div ref={boxRef} className="mt-6 grid grid-cols-1 gap-3">
      <h3 className="text-base font-semibold text-slate-900">Agregar a {label}</h3>
      <div className="max-w-md">
        <SearchField
          label={`Buscar producto para agregar a ${label}`}
          value={search}
          onChange={setSearch}
          placeholder="Código, descripción o categoría"
          hint={`Se muestran los primeros ${ADMIN_PAGE_SIZE} resultados.`}
        />
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los productos." onRetry={() => void refetch()} />
      ) : data.parts.length === 0 ? (
        <EmptyState>No se encontraron productos</EmptyState>
      ) : (
        <div className={cn(isFetching && 'opacity-60')}>
          <p className="mb-2 text-sm text-slate-600">
            Mostrando {formatCount(data.parts.length)} de {formatCountOf(data.total, 'producto', 'productos')}
          </p>
          <ul aria-label={`Productos para agregar a ${label}`} className="grid grid-cols-1 gap-2 lg:grid-cols-2">
            {data.parts.map((part, index) => (
              <CandidateCard key={part.id} part={part} index={index} collection={collection} onAdded={added} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Spanish announcements of the drag and drop (dnd-kit reads them to screen readers). */
function announcements(entries: readonly CarouselEntry[]): Announcements {
  const code = (id: UniqueIdentifier) => entries.find((e) => e.partId === id)?.partNumber ?? String(id);
  const place = (id: UniqueIdentifier) => `posición ${entries.findIndex((e) => e.partId === id) + 1} de ${entries.length}`;
  return {
    onDragStart: ({ active }) => `Tomó ${code(active.id)}, en la ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${code(active.id)} pasa a la ${place(over.id)}.` : `${code(active.id)} está fuera de la lista.`,
    onDragEnd: ({ active, over }) => (over ? `Soltó ${code(active.id)} en la ${place(over.id)}.` : `Soltó ${code(active.id)}.`),
    onDragCancel: ({ active }) => `Se canceló el movimiento: ${code(active.id)} vuelve a su lugar.`,
  };
}

const DRAG_INSTRUCTIONS =
  'Para mover un producto, enfoque su asa, presione Espacio o Enter, muévalo con las flechas arriba y abajo y suéltelo con Espacio o Enter. Escape cancela.';

function SortableEntries({
  collection,
  entries,
  discounted,
  today,
  onRemoved,
}: {
  collection: Collection;
  entries: CarouselEntry[];
  discounted: DiscountedProduct[];
  today: string;
  onRemoved: (entry: CarouselEntry, index: number) => void;
}) {
  const reorder = useReorderCarousel();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  const ids = sorted.map((e) => e.partId);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    reorder.mutate({ collection, partIds: arrayMove(ids, from, to) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(sorted), screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={`Productos en ${COLLECTION_LABELS[collection]}`} className="grid grid-cols-1 gap-2">
          {sorted.map((entry, index) => (
            <EntryCard
              key={entry.partId}
              entry={entry}
              index={index}
              count={sorted.length}
              collection={collection}
              discounted={discounted.find((d) => d.partId === entry.partId)}
              today={today}
              onMove={move}
              onRemoved={onRemoved}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** An entry taken out by "Quitar", as it was: its place in the list, discount and offer days. */
interface RemovedEntry {
  entry: CarouselEntry;
  index: number;
}

/**
 * Puts a removed entry back as it was (docs/product.md §10.2): added again with its discount and
 * offer days (on-sale), then, unless it was the last, moved to its place with the carousel's order
 * (`PUT /api/admin/carousels/:collection/order`). Rejects when a request failed (each toasts why).
 */
function useRestoreEntry(collection: Collection) {
  const update = useUpdateCarousel();
  const reorder = useReorderCarousel();
  return async ({ entry, index }: RemovedEntry) => {
    const { partId, discountPercentage, startsOn, endsOn } = entry;
    const draft = await update.mutateAsync(
      collection === 'on-sale'
        ? { partId, category: collection, action: 'add', discountPercentage, startsOn, endsOn }
        : { partId, category: collection, action: 'add' },
    );
    const ids = [...draft[collection]]
      .sort((x, y) => x.position - y.position)
      .map((e) => e.partId)
      .filter((id) => id !== partId);
    if (index >= ids.length) return;
    ids.splice(index, 0, partId);
    await reorder.mutateAsync({ collection, partIds: ids });
  };
}

function CollectionPanel({
  collection,
  entries,
  discounted,
  today,
}: {
  collection: Collection;
  entries: CarouselEntry[];
  discounted: DiscountedProduct[];
  today: string;
}) {
  const label = COLLECTION_LABELS[collection];
  const boxRef = useRef<HTMLDivElement>(null);
  // The last entry gone, the add list's search takes the focus.
  const searchBox = useCallback(() => boxRef.current?.querySelector<HTMLInputElement>('input[type="search"]'), []);
  const removed = useRefocusAfterRemoval(
    entries.map((e) => e.partId),
    boxRef,
    'button[data-carousel-remove]',
    searchBox,
  );
  const restore = useRestoreEntry(collection);
  const undo = useUndoRemoval<RemovedEntry>(
    ({ entry }) => entries.some((e) => e.partId === entry.partId),
    ({ entry }) => boxRef.current?.querySelector<HTMLButtonElement>(`button[data-carousel-remove="${entry.partId}"]`)?.focus(),
  );
  const offerUndo = undo.removed;
  const onRemoved = useCallback(
    (entry: CarouselEntry, index: number) => {
      removed(entry.partId, index);
      offerUndo({ entry, index });
    },
    [removed, offerUndo],
  );
  return (
    <div ref={boxRef}>
      <h3 className="mb-1 text-base font-semibold text-slate-900">
        En {label} ({entries.length})
      </h3>
      {undo.offered ? (
        <UndoRemoval busy={undo.restoring} onUndo={() => undo.undo(restore)}>
          Se quitó <strong className="font-mono">{undo.offered.entry.partNumber}</strong> de {label}.
        </UndoRemoval>
      ) : null}
      {entries.length > 1 ? (
        <p className="mb-2 text-xs text-slate-600">Arrastre el asa o use las flechas para cambiar el orden en que se muestran.</p>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState>No hay productos en esta categoría</EmptyState>
      ) : (
        <SortableEntries collection={collection} entries={entries} discounted={discounted} today={today} onRemoved={onRemoved} />
      )}
      <Candidates collection={collection} />
    </div>
  );
}

/** "Gestión de Carruseles": edit the draft of the three collections (members, order, discounts, offer days), then publish it. */
export function CarouselsTab() {
  const { data, error, isPending, isError, refetch } = useCarouselDraft();
  const discounted = useDiscountedProducts();
  const publish = usePublishCarousels();
  const [collection, setCollection] = useState<Collection>('featured');
  const dirty = data?.hasUnpublishedChanges ?? false;

  return (
    <Section
      title="Gestión de Carruseles"
      description="Los cambios se guardan como borrador; los clientes los ven cuando se guardan."
      actions={
        // Not disabled once published: a disabled button drops the keyboard's focus to the page.
        <Button
          onClick={() => {
            if (dirty) publish.mutate();
          }}
          busy={publish.isPending}
          aria-disabled={!dirty || undefined}
          className={cn(!dirty && 'cursor-not-allowed opacity-50')}
        >
          <Save aria-hidden="true" className="size-4" />
          {publish.isPending ? 'Guardando...' : 'Guardar Cambios'}
        </Button>
      }
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los carruseles." onRetry={() => void refetch()} />
      ) : (
        <>
          <div
            role="status"
            className={cn(
              'mb-4 flex items-center gap-2 rounded-md border p-3 text-sm',
              dirty ? 'border-yellow-300 bg-yellow-50 text-yellow-900' : 'border-green-200 bg-green-50 text-green-800',
            )}
          >
            {dirty ? (
              <>
                <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                Hay cambios sin guardar: los clientes todavía ven los carruseles anteriores.
              </>
            ) : (
              <>
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                Los carruseles publicados están al día.
              </>
            )}
          </div>
          <Tabs.Root value={collection} onValueChange={(v) => setCollection(v as Collection)}>
            <Tabs.List aria-label="Carruseles" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
              {COLLECTIONS.map((c) => (
                <Tabs.Trigger
                  key={c}
                  value={c}
                  className="whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
                >
                  {COLLECTION_LABELS[c]} ({data[c].length})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {COLLECTIONS.map((c) => (
              <Tabs.Content key={c} value={c}>
                <CollectionPanel collection={c} entries={data[c]} discounted={discounted.data ?? []} today={data.today} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </Section>
  );
}
