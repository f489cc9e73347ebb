/**
 * "Cambiar precios" (issue 21 item 3; docs/product.md §10.2): one price list of a category (with its
 * descendants), a brand, a search or every part, raised or lowered by a percentage or set from
 * another list times a factor, with a rounding. The form asks the server for the preview (counts,
 * sums, the first 50 changes), applies it on confirmation (a large change needs a checked box), and
 * then offers to undo it.
 */
import { Check, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import {
  type BulkPriceBody,
  type BulkPriceResult,
  bulkPriceBodySchema,
  PREVIEW_ROWS,
  ROUNDING_LABELS,
  ROUNDINGS,
  type Rounding,
} from '../../../../shared/price-changes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useZodForm } from '../../../lib/form.ts';
import { formatArs, formatCount, formatPrice } from '../../../lib/format.ts';
import { serverMessage, useAdminCategories } from '../api.ts';
import { categoryOptions } from '../lib/category-options.ts';
import { LeaveGuardProvider, useUnsavedChanges } from '../lib/leave-guard.tsx';
import { useApplyPrices, useBrands, usePricePreview, useUndoPrices } from '../prices-api.ts';
import { LargeChangeConfirm } from './large-change-confirm.tsx';
import { th } from './ui.tsx';

/** Asked (under "Hay cambios sin guardar") before the dialog drops a form with something entered. */
export const UNSAVED_BULK_PRICES = 'Lo escrito en "Cambiar precios" se perderá: ningún precio cambió todavía. ¿Salir sin guardar?';

/** What the list shows when "Cambiar precios" opens: its search, category and brand become the form's defaults. */
export interface BulkScopeDefaults {
  search: string;
  categoryId: number | null;
  brand: string;
}

const SCOPES = ['category', 'brand', 'search', 'all'] as const;
const SCOPE_OPTIONS = [
  { value: 'category', label: 'Una categoría (con sus subcategorías)' },
  { value: 'brand', label: 'Una marca' },
  { value: 'search', label: 'Una búsqueda' },
  { value: 'all', label: 'Todos los repuestos' },
];
const LIST_OPTIONS = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `Lista ${i + 1}` }));
const ROUNDING_OPTIONS = ROUNDINGS.map((value) => ({ value, label: ROUNDING_LABELS[value] }));

/** "8", "-5", "+2,5", "1.21" → the number; anything else null. Accepts a comma or a point as decimal mark. */
export function parseDecimal(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '').replace('−', '-').replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

const { percent: percentSchema, factor: factorSchema } = bulkPriceBodySchema.shape;

/** The form as the inputs hold it; its output is the body of `POST /api/admin/prices/bulk` (without `apply`). */
const bulkFormSchema = z.pipe(
  z
    .object({
      scope: z.enum(SCOPES),
      categoryId: z.string(),
      brand: z.string().check(z.maxLength(120, { error: 'La marca admite hasta 120 caracteres' })),
      search: z.string().check(z.maxLength(200, { error: 'La búsqueda admite hasta 200 caracteres' })),
      priceList: z.string(),
      mode: z.enum(['percent', 'factor']),
      percent: z.string(),
      fromList: z.string(),
      factor: z.string(),
      rounding: z.enum(ROUNDINGS),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: v });
        if (v.scope === 'category' && !v.categoryId) issue('categoryId', 'Elija una categoría');
        if (v.scope === 'brand' && !v.brand.trim()) issue('brand', 'Escriba la marca');
        if (v.scope === 'search' && !v.search.trim()) issue('search', 'Escriba la búsqueda');
        const [field, schema, text, example] =
          v.mode === 'percent'
            ? (['percent', percentSchema, v.percent, '8 o -5'] as const)
            : (['factor', factorSchema, v.factor, '1,21'] as const);
        const value = parseDecimal(text);
        if (value === null) {
          issue(field, `Escriba un número (ej. ${example})`);
          return;
        }
        const checked = z.safeParse(schema, value);
        if (!checked.success) issue(field, checked.error.issues[0]?.message ?? 'Valor no válido');
      }),
    ),
  z.transform((v): BulkPriceBody => {
    const filter =
      v.scope === 'all'
        ? { all: true }
        : v.scope === 'category'
          ? { categoryId: Number(v.categoryId) }
          : v.scope === 'brand'
            ? { brand: v.brand.trim() }
            : { search: v.search.trim() };
    const rule =
      v.mode === 'percent'
        ? { percent: parseDecimal(v.percent) as number }
        : { fromList: Number(v.fromList), factor: parseDecimal(v.factor) as number };
    return { filter, priceList: Number(v.priceList), rounding: v.rounding, ...rule };
  }),
);
type BulkForm = z.input<typeof bulkFormSchema>;

function formDefaults(defaults: BulkScopeDefaults): BulkForm {
  const scope = defaults.brand.trim() ? 'brand' : defaults.categoryId ? 'category' : defaults.search.trim() ? 'search' : 'brand';
  return {
    scope,
    categoryId: defaults.categoryId ? String(defaults.categoryId) : '',
    brand: defaults.brand.trim(),
    search: defaults.search.trim(),
    priceList: '1',
    mode: 'percent',
    percent: '',
    fromList: '1',
    factor: '',
    rounding: 'cents' satisfies Rounding,
  };
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "+10,0 %" between two sums (or "—" when the first is 0). */
function change(before: string, after: string): string {
  const b = Number(before);
  if (b === 0) return '—';
  const pct = ((Number(after) - b) / b) * 100;
  return `${pct > 0 ? '+' : ''}${pct.toLocaleString('es-AR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} %`;
}

/** The preview's rows, a table that becomes one card per part at phone widths. */
function PreviewRows({ result }: { result: BulkPriceResult }) {
  const cell = 'border-b border-slate-100 px-3 py-1.5 max-md:flex max-md:gap-2 max-md:border-0 max-md:px-0 max-md:py-0.5';
  const named =
    'max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]';
  return (
    <table aria-label="Vista previa de precios" className="w-full border-collapse text-left text-sm max-md:block">
      <thead className="max-md:sr-only">
        <tr>
          {['Código', 'Descripción', 'Antes', 'Después', 'Variación'].map((name) => (
            <th key={name} scope="col" className={th}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-2">
        {result.rows.map((row) => (
          <tr key={row.id} className="max-md:block max-md:rounded-md max-md:border max-md:border-slate-200 max-md:p-2">
            <th scope="row" className={cn(cell, 'whitespace-nowrap font-mono font-medium')}>
              {row.partNumber}
            </th>
            <td className={cn(cell, 'text-slate-700 max-md:text-xs')}>{row.description}</td>
            <td data-label="Antes" className={cn(cell, named, 'whitespace-nowrap')}>
              {formatPrice(row.before)}
            </td>
            <td data-label="Después" className={cn(cell, named, 'whitespace-nowrap font-medium')}>
              {formatArs(row.after)}
            </td>
            <td data-label="Variación" className={cn(cell, named, 'whitespace-nowrap')}>
              {row.before === null ? 'Nuevo' : change(row.before, row.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The preview: what changes, what is left, the sums, the sample, the large-change confirmation and "Aplicar". */
function Preview({
  body,
  result,
  pending,
  onApply,
}: {
  body: BulkPriceBody;
  result: BulkPriceResult;
  pending: boolean;
  onApply: (confirmLarge: boolean) => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const large = result.largeChange.length > 0;
  const list = `Lista ${body.priceList}`;
  return (
    <section aria-label="Vista previa" className="grid gap-3 rounded-md border border-brand-200 bg-brand-50/50 p-3 sm:p-4">
      <p className="text-sm text-slate-700">Es una vista previa: todavía no se cambió ningún precio.</p>
      <div role="status" className="grid gap-1 text-sm text-slate-800">
        <p className="text-base font-semibold">
          {result.count === 0
            ? 'Con esta regla no cambia ningún precio.'
            : `${plural(result.count, 'precio cambia', 'precios cambian')} en la ${list}.`}
        </p>
        <ul className="list-disc pl-5 text-slate-700">
          <li>{plural(result.matched, 'repuesto coincide', 'repuestos coinciden')} con el filtro.</li>
          {result.added ? <li>{plural(result.added, 'repuesto sin precio recibe uno', 'repuestos sin precio reciben uno')}.</li> : null}
          {result.unchanged ? <li>{plural(result.unchanged, 'precio queda igual', 'precios quedan igual')} con el redondeo.</li> : null}
          {result.skippedNoPrice ? (
            <li>
              {plural(result.skippedNoPrice, 'repuesto no tiene', 'repuestos no tienen')} precio en la Lista{' '}
              {body.fromList ?? body.priceList}: no se {result.skippedNoPrice === 1 ? 'toca' : 'tocan'}.
            </li>
          ) : null}
          {result.skippedOutOfRange ? (
            <li>{plural(result.skippedOutOfRange, 'precio quedaría', 'precios quedarían')} en cero o fuera de rango: no se tocan.</li>
          ) : null}
        </ul>
        {result.count ? (
          <p>
            Suma de los precios que cambian: {formatArs(result.sumBefore)} → <strong>{formatArs(result.sumAfter)}</strong> (
            {change(result.sumBefore, result.sumAfter)}).
          </p>
        ) : null}
      </div>
      {result.rows.length ? (
        <div className="grid gap-1">
          {result.count > result.rows.length ? (
            <p className="text-xs text-slate-600">
              Los primeros {Math.min(PREVIEW_ROWS, result.rows.length)} de {formatCount(result.count)} cambios, por código.
            </p>
          ) : null}
          <div className="max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white max-md:p-2">
            <PreviewRows result={result} />
          </div>
        </div>
      ) : null}
      {large ? <LargeChangeConfirm reasons={result.largeChange} confirmed={confirmed} onConfirmedChange={setConfirmed} /> : null}
      <div className="flex justify-end">
        <Button onClick={() => onApply(large)} disabled={result.count === 0 || (large && !confirmed)} busy={pending}>
          <Check aria-hidden="true" className="size-4" />
          {pending ? 'Aplicando...' : `Aplicar a ${plural(result.count, 'precio', 'precios')}`}
        </Button>
      </div>
    </section>
  );
}

/** After applying: what changed, and "Deshacer" (which puts back exactly those prices unless changed since). */
function Applied({ result, priceList, onClose }: { result: BulkPriceResult; priceList: number; onClose: () => void }) {
  const undo = useUndoPrices();
  const undone = undo.isSuccess;
  return (
    <div className="grid gap-3">
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        {undone
          ? 'Cambio deshecho: los precios volvieron a su valor anterior.'
          : `Listo: ${plural(result.count, 'precio', 'precios')} de la Lista ${priceList} ${result.count === 1 ? 'cambió' : 'cambiaron'}. Suma ${formatArs(result.sumBefore)} → ${formatArs(result.sumAfter)}. Quedó en el Historial.`}
      </p>
      {undone ? null : (
        <p className="text-sm text-slate-600">
          "Deshacer" vuelve estos precios a su valor anterior; los que alguien cambie mientras tanto quedan como estén.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {undone || result.changeId === null ? null : (
          <Button variant="outline" onClick={() => undo.mutate(result.changeId as number)} busy={undo.isPending}>
            <Undo2 aria-hidden="true" className="size-4" />
            {undo.isPending ? 'Deshaciendo...' : 'Deshacer'}
          </Button>
        )}
        <Button onClick={onClose}>Volver a la lista</Button>
      </div>
    </div>
  );
}

/**
 * The form, then the applied change. `onClose` closes the dialog at once (after applying, nothing is
 * left to lose); `onCancel` asks first while something entered would be dropped.
 */
function BulkPriceForm({ defaults, onClose, onCancel }: { defaults: BulkScopeDefaults; onClose: () => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useZodForm(bulkFormSchema, { defaultValues: formDefaults(defaults) });
  const categories = useAdminCategories();
  const brands = useBrands();
  const previewMutation = usePricePreview();
  const apply = useApplyPrices();
  const [preview, setPreview] = useState<{ body: BulkPriceBody; result: BulkPriceResult } | null>(null);
  const [applied, setApplied] = useState<{ body: BulkPriceBody; result: BulkPriceResult } | null>(null);
  const brandListId = useId();
  // Something entered and not applied is asked about before the dialog drops it (docs/product.md §10.2).
  useUnsavedChanges(isDirty && applied === null);
  const scope = watch('scope');
  const mode = watch('mode');
  const categoryChoices = useMemo(() => {
    const options = categoryOptions(categories.data ?? [], '', 'Elegir…');
    // Until the tree loads, the list's category stays choosable (and chosen).
    if (defaults.categoryId && !options.some((o) => o.value === String(defaults.categoryId))) {
      options.push({ value: String(defaults.categoryId), label: `Categoría ${defaults.categoryId}` });
    }
    return options;
  }, [categories.data, defaults.categoryId]);

  // Any edit after a preview makes it stale: it must be asked again before applying.
  useEffect(() => {
    const subscription = watch(() => {
      setPreview(null);
      previewMutation.reset();
    });
    return () => subscription.unsubscribe();
  }, [watch, previewMutation.reset]);

  if (applied) return <Applied result={applied.result} priceList={applied.body.priceList} onClose={onClose} />;

  const submit = handleSubmit((body) => previewMutation.mutate(body, { onSuccess: (result) => setPreview({ body, result }) }));
  const field = { density: 'compact' } as const;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Repuestos" {...field} options={SCOPE_OPTIONS} className="sm:col-span-2" {...register('scope')} />
          {scope === 'category' ? (
            <SelectField
              label="Categoría"
              {...field}
              className="sm:col-span-2"
              options={categoryChoices}
              error={errors.categoryId?.message}
              {...register('categoryId')}
            />
          ) : null}
          {scope === 'brand' ? (
            <>
              <FormField
                label="Marca"
                {...field}
                list={brandListId}
                autoComplete="off"
                error={errors.brand?.message}
                {...register('brand')}
              />
              <datalist id={brandListId}>
                {(brands.data ?? []).map((b) => (
                  <option key={b.brand} value={b.brand} />
                ))}
              </datalist>
            </>
          ) : null}
          {scope === 'search' ? (
            <FormField label="Búsqueda" type="search" {...field} error={errors.search?.message} {...register('search')} />
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Lista a cambiar" {...field} options={LIST_OPTIONS} {...register('priceList')} />
          <SelectField
            label="Cambio"
            {...field}
            options={[
              { value: 'percent', label: 'Subir o bajar un porcentaje' },
              { value: 'factor', label: 'Otra lista por un factor' },
            ]}
            {...register('mode')}
          />
          {mode === 'percent' ? (
            <FormField
              label="Porcentaje"
              {...field}
              inputMode="decimal"
              placeholder="8 o -5"
              hint="Positivo sube, negativo baja (ej. 8 = +8 %)."
              error={errors.percent?.message}
              {...register('percent')}
            />
          ) : (
            <>
              <SelectField label="Lista de origen" {...field} options={LIST_OPTIONS} {...register('fromList')} />
              <FormField
                label="Factor"
                {...field}
                inputMode="decimal"
                placeholder="1,21"
                hint="El precio de la lista de origen por este número."
                error={errors.factor?.message}
                {...register('factor')}
              />
            </>
          )}
          <SelectField label="Redondeo" {...field} options={ROUNDING_OPTIONS} {...register('rounding')} />
        </div>
        {previewMutation.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-accent-700">
            {serverMessage(previewMutation.error, 'No se pudo calcular la vista previa')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" variant={preview ? 'outline' : 'primary'} busy={previewMutation.isPending}>
            {previewMutation.isPending ? 'Calculando...' : 'Ver vista previa'}
          </Button>
        </div>
      </form>
      {preview ? (
        <Preview
          body={preview.body}
          result={preview.result}
          pending={apply.isPending}
          onApply={(confirmLarge) =>
            apply.mutate({ body: preview.body, confirmLarge }, { onSuccess: (result) => setApplied({ body: preview.body, result }) })
          }
        />
      ) : null}
    </div>
  );
}

/**
 * The "Cambiar precios" dialog; the form starts from the list's current search, category and brand.
 * Closing it (Escape, "Cerrar", a click outside, "Cancelar", the back button) with something
 * entered and not applied asks "Hay cambios sin guardar" first, as the part editor does
 * (docs/product.md §10.2 "Repuestos"); with nothing entered, or once applied, it closes at once.
 */
export function BulkPriceDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaults: BulkScopeDefaults;
}) {
  const close = () => onOpenChange(false);
  return (
    <LeaveGuardProvider message={UNSAVED_BULK_PRICES}>
      {(leave) => (
        <Dialog
          open={open}
          onOpenChange={(next) => (next ? onOpenChange(true) : leave.request(close))}
          title="Cambiar precios"
          description="Cambie una lista de precios de muchos repuestos a la vez. Antes de aplicar verá qué cambia."
          size="lg"
        >
          {open ? <BulkPriceForm defaults={defaults} onClose={close} onCancel={() => leave.request(close)} /> : null}
        </Dialog>
      )}
    </LeaveGuardProvider>
  );
}
