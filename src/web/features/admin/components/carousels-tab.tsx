import * as Tabs from '@radix-ui/react-tabs';
import { AlertTriangle, CheckCircle2, Plus, Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import type { discountedProductSchema } from '../../../../shared/admin.ts';
import { COLLECTIONS, type Collection } from '../../../../shared/api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { compactInputClasses, SearchField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useZodForm } from '../../../lib/form.ts';
import { formatArs } from '../../../lib/format.ts';
import {
  type AdminPart,
  type CarouselEntry,
  useAdminParts,
  useCarouselDraft,
  useDiscountedProducts,
  usePublishCarousels,
  useUpdateCarousel,
} from '../api.ts';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_TEXTS, COLLECTION_LABELS, parseDiscount } from '../texts.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { EmptyState, ErrorState, LoadingState, Section, TableHead, TableScroll, td } from './ui.tsx';

type Discounted = z.infer<typeof discountedProductSchema>;

const formatMoney = (value: string | null) => (value === null ? '—' : formatArs(value));

/**
 * The discount an admin types: a number from 0 to 100 with a comma or a dot ({@link parseDiscount},
 * the range of the contract's `carouselBodySchema`), as a number.
 */
const discountFormSchema = z.object({
  discount: z.pipe(
    z.string().check(z.refine((text) => parseDiscount(text) !== null, { error: ADMIN_TEXTS.discountRange })),
    z.transform((text: string) => parseDiscount(text) ?? 0),
  ),
});

/** Discount (0–100) of an on-sale entry; validated before it is sent (docs/product.md §3.4). */
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
  const submit = handleSubmit(({ discount }) => {
    if (discount === entry.discountPercentage) return;
    mutation.mutate(
      { partId: entry.partId, category: 'on-sale', action: 'update-discount', discountPercentage: discount },
      { onError: () => reset({ discount: String(entry.discountPercentage) }) },
    );
  });
  return (
    <form onSubmit={submit} className="grid gap-1" noValidate>
      <div className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          Descuento (%) de {entry.partNumber}
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          disabled={mutation.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
          onChange={(event) => {
            if (error) clearErrors('discount');
            return onChange(event);
          }}
          className={cn(compactInputClasses, 'h-9 w-24', error && 'border-red-500')}
        />
        <span aria-hidden="true" className="text-slate-500">
          %
        </span>
        <Button type="submit" size="sm" variant="outline" disabled={mutation.isPending}>
          Aplicar
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function EntryRow({ entry, collection, discounted }: { entry: CarouselEntry; collection: Collection; discounted: Discounted | undefined }) {
  const mutation = useUpdateCarousel();
  const onSale = collection === 'on-sale';
  return (
    <tr>
      <th scope="row" className={`${td} whitespace-nowrap font-mono font-medium`}>
        {entry.partNumber}
      </th>
      <td className={td}>
        {entry.description}
        {entry.isActive ? null : <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">Inactivo</span>}
      </td>
      {onSale ? (
        <>
          <td className={td}>
            <DiscountEditor key={`${entry.partId}-${entry.discountPercentage}`} entry={entry} />
          </td>
          <td className={`${td} whitespace-nowrap text-xs text-slate-600`}>
            {discounted
              ? `${formatMoney(discounted.originalPriceList1)} / ${formatMoney(discounted.originalPriceList2)} / ${formatMoney(discounted.originalPriceList4)}`
              : '—'}
          </td>
        </>
      ) : null}
      <td className={td}>
        <Button
          size="sm"
          variant="ghost"
          className="text-accent-700"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate({ partId: entry.partId, category: collection, action: 'remove' })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Quitar
        </Button>
      </td>
    </tr>
  );
}

function CandidateRow({ part, collection }: { part: AdminPart; collection: Collection }) {
  const mutation = useUpdateCarousel();
  return (
    <tr>
      <th scope="row" className={`${td} whitespace-nowrap font-mono font-medium`}>
        {part.partNumber}
      </th>
      <td className={td}>{part.description}</td>
      <td className={td}>{part.categoryPath.join(' > ') || '—'}</td>
      <td className={td}>
        <Button
          size="sm"
          variant="outline"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate({ partId: part.id, category: collection, action: 'add' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Agregar
        </Button>
      </td>
    </tr>
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
  return (
    <div className="mt-6 grid grid-cols-1 gap-3">
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
            Mostrando {data.parts.length} de {data.total} productos
          </p>
          <TableScroll label={`Productos para agregar a ${label}`}>
            <TableHead columns={['Código', 'Descripción', 'Categoría']} />
            <tbody>
              {data.parts.map((part) => (
                <CandidateRow key={part.id} part={part} collection={collection} />
              ))}
            </tbody>
          </TableScroll>
        </div>
      )}
    </div>
  );
}

function CollectionPanel({
  collection,
  entries,
  discounted,
}: {
  collection: Collection;
  entries: CarouselEntry[];
  discounted: Discounted[];
}) {
  const label = COLLECTION_LABELS[collection];
  const onSale = collection === 'on-sale';
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">
        En {label} ({entries.length})
      </h3>
      {entries.length === 0 ? (
        <EmptyState>No hay productos en esta categoría</EmptyState>
      ) : (
        <TableScroll label={`Productos en ${label}`}>
          <TableHead
            columns={['Código', 'Descripción', ...(onSale ? ['Descuento (%)', 'Precio original L1 / L2 / L4 (publicado)'] : [])]}
          />
          <tbody>
            {[...entries]
              .sort((a, b) => a.position - b.position)
              .map((entry) => (
                <EntryRow
                  key={entry.partId}
                  entry={entry}
                  collection={collection}
                  discounted={discounted.find((d) => d.partId === entry.partId)}
                />
              ))}
          </tbody>
        </TableScroll>
      )}
      <Candidates collection={collection} />
    </div>
  );
}

/** "Gestión de Carruseles": edit the draft of the three collections, then publish it. */
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
        <Button onClick={() => publish.mutate()} disabled={!dirty || publish.isPending}>
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
                <CollectionPanel collection={c} entries={data[c]} discounted={discounted.data ?? []} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </Section>
  );
}
