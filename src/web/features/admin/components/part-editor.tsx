/**
 * "Editar repuesto" (issue 21 item 1; docs/product.md §10.2): description, brand, category (from the
 * tree), price lists 1–10, stock, sales unit, alternate codes, notes, applications and active. Only
 * changed fields are sent (`PATCH /api/admin/parts/:id`); fields staff edited by hand are marked
 * "Editado a mano" (the import keeps them). Under the form, the part's photos (saved at once,
 * part-photos.tsx) and its own history.
 */
import { PenLine } from 'lucide-react';
import { type FocusEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { type HandEditableField, PRICE_LIST_FIELDS, type PriceListField, partEditBodySchema } from '../../../../shared/admin-parts.ts';
import { parsePrice } from '../../../../shared/pricing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { type PartDetail, type PartEditBody, useAdminCategories, useAuditPage, usePartDetail, useUpdatePart } from '../api.ts';
import { categoryOptions } from '../lib/category-options.ts';
import { LeaveGuardProvider, useUnsavedChanges } from '../lib/leave-guard.tsx';
import { ADMIN_TEXTS } from '../texts.ts';
import { AuditEntryList } from './audit-entries.tsx';
import { PartPhotos } from './part-photos.tsx';
import { EmptyState, ErrorState, LoadingState } from './ui.tsx';

/**
 * What the form holds: every field as the inputs show it, named as in the body of
 * `PATCH /api/admin/parts/:id` so the shared schema's messages land on their fields.
 */
type FormState = Record<PriceListField, string> & {
  description: string;
  brand: string;
  categoryId: string;
  stock: string;
  salesUnit: string;
  alternateCodes: string;
  notes: string;
  applications: string;
  isActive: boolean;
};

function toForm(part: PartDetail): FormState {
  return {
    description: part.description,
    brand: part.brand ?? '',
    categoryId: part.categoryId === null ? '' : String(part.categoryId),
    ...(Object.fromEntries(PRICE_LIST_FIELDS.map((field, i) => [field, part.priceLists[i] ?? ''])) as Record<PriceListField, string>),
    stock: part.stockQuantity === null ? '' : String(part.stockQuantity),
    salesUnit: part.salesUnit,
    alternateCodes: part.alternateCodes.join('\n'),
    notes: part.notes ?? '',
    applications: part.applications ?? '',
    isActive: part.isActive,
  };
}

/** "1.234,50", "1234.5" → "1234.50"; empty → null (no price); anything else is sent as typed, for the server's message. */
function priceInput(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  return parsePrice(t) ?? t;
}

const splitCodes = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((c) => c.trim())
    .filter(Boolean);

/** The body of only what changed against `part`. */
function editBody(part: PartDetail, form: FormState): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (form.description.trim() !== part.description) body.description = form.description;
  if (form.brand.trim() !== (part.brand ?? '')) body.brand = form.brand;
  const categoryId = form.categoryId === '' ? null : Number(form.categoryId);
  if (categoryId !== part.categoryId) body.categoryId = categoryId;
  PRICE_LIST_FIELDS.forEach((field, i) => {
    const value = priceInput(form[field]);
    if (value !== (part.priceLists[i] ?? null)) body[field] = value ?? '';
  });
  const stock = form.stock.trim();
  if (stock !== '' && stock !== (part.stockQuantity === null ? '' : String(part.stockQuantity))) {
    body.stock = /^-?\d+$/.test(stock) ? Number(stock) : Number(stock.replace(',', '.'));
  }
  if (form.salesUnit.trim() !== part.salesUnit) body.salesUnit = form.salesUnit;
  const codes = splitCodes(form.alternateCodes);
  if (codes.join('\n') !== part.alternateCodes.join('\n')) body.alternateCodes = codes;
  if (form.notes.trim() !== (part.notes ?? '')) body.notes = form.notes;
  if (form.applications.trim() !== (part.applications ?? '')) body.applications = form.applications;
  if (form.isActive !== part.isActive) body.isActive = form.isActive;
  return body;
}

/**
 * The form's schema for `part`: the body of what changed (`editBody`) must pass the shared
 * `partEditBodySchema`; its messages go to the fields, and one about the whole body ("No hay
 * cambios para guardar") to `root`.
 */
function editFormSchema(part: PartDetail) {
  return z.custom<FormState>().check(
    z.superRefine((form, ctx) => {
      const parsed = partEditBodySchema.safeParse(editBody(part, form));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        ctx.addIssue({ code: 'custom', message: issue.message, input: form, path: [field === undefined ? 'root' : String(field)] });
      }
    }),
  );
}

/** The "Editado a mano" mark next to a field's label. */
function HandMark({ field, edited }: { field: HandEditableField; edited: ReadonlySet<string> }) {
  if (!edited.has(field)) return null;
  return (
    <span
      title="Editado a mano: la importación conserva este valor"
      className="ml-2 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
    >
      <PenLine aria-hidden="true" className="size-3" />
      Editado a mano
    </span>
  );
}

function PartHistory({ partId }: { partId: number }) {
  const { data, error, isPending, isError, refetch } = useAuditPage({ part: String(partId), page: 1, limit: 20 });
  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState error={error} message="No se pudo cargar el historial." onRetry={() => void refetch()} />;
  if (data.entries.length === 0) return <EmptyState>Sin cambios registrados.</EmptyState>;
  return <AuditEntryList entries={data.entries} label="Historial del repuesto" showSubject={false} />;
}

function PartEditorForm({ part, onCancel, onSaved }: { part: PartDetail; onCancel: () => void; onSaved: () => void }) {
  const schema = useMemo(() => editFormSchema(part), [part]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useZodForm(schema, { defaultValues: toForm(part) });
  // Typed and not saved: closing the editor asks first (the guard of PartEditorDialog).
  useUnsavedChanges(isDirty);
  const categoryId = watch('categoryId');
  const categories = useAdminCategories();
  const mutation = useUpdatePart();
  const edited = useMemo(() => new Set(part.handEditedFields), [part.handEditedFields]);
  const [categoryFilter, setCategoryFilter] = useState('');
  const options = useMemo(() => {
    const tree = categoryOptions(categories.data ?? [], categoryFilter, 'Sin categoría');
    // Until the tree loads, or when the filter hides it, keep the chosen category choosable.
    if (categoryId !== '' && !tree.some((o) => o.value === categoryId)) {
      const current = categoryId === String(part.categoryId) ? part.categoryPath.join(' > ') : '';
      tree.splice(1, 0, { value: categoryId, label: current || `Categoría ${categoryId}` });
    }
    return tree;
  }, [categories.data, categoryFilter, categoryId, part.categoryId, part.categoryPath]);

  const label = (text: string, field: HandEditableField): ReactNode => (
    <>
      {text}
      {edited.has(field) ? ' ' : null}
      <HandMark field={field} edited={edited} />
    </>
  );

  // A field reached with Tab that the browser left under the sticky "Guardar cambios" bar (a phone's
  // short screen) is scrolled up above it; its scroll margin is the bar's height and some room.
  const barRef = useRef<HTMLDivElement>(null);
  const keepAboveBar = (event: FocusEvent<HTMLFormElement>) => {
    const bar = barRef.current;
    const field = event.target;
    if (!bar || !(field instanceof HTMLElement) || bar.contains(field)) return;
    if (field.getBoundingClientRect().bottom > bar.getBoundingClientRect().top) field.scrollIntoView({ block: 'nearest' });
  };

  const submit = handleSubmit((form) => {
    if (mutation.isPending) return;
    // The schema checked this very body; it is sent as built (the server trims again).
    mutation.mutate({ id: part.id, body: editBody(part, form) as PartEditBody }, { onSuccess: onSaved });
  });

  return (
    <form
      onSubmit={submit}
      onFocus={keepAboveBar}
      noValidate
      className="grid gap-4 [&_input]:scroll-mb-24 [&_select]:scroll-mb-24 [&_textarea]:scroll-mb-24"
    >
      {errors.root?.message ? (
        <p role="alert" className="rounded-md bg-slate-100 p-2 text-sm text-slate-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={label('Descripción', 'description')}
          className="sm:col-span-2"
          {...register('description')}
          error={errors.description?.message}
        />
        <FormField label={label('Marca', 'brand')} {...register('brand')} error={errors.brand?.message} />
        <div className="grid gap-2">
          <SelectField
            label={label('Categoría', 'category1')}
            options={options}
            {...register('categoryId')}
            error={errors.categoryId?.message}
          />
          <FormField
            label="Buscar categoría"
            density="compact"
            type="search"
            placeholder="Filtrar la lista por nombre"
            value={categoryFilter}
            onChange={(e) => setCategoryFilter(e.target.value)}
          />
        </div>
        <FormField
          label={label('Stock (unidades)', 'stock')}
          inputMode="numeric"
          {...register('stock')}
          error={errors.stock?.message}
          hint={`Nivel actual: ${part.stockLevel}`}
        />
        <FormField label={label('Unidad de venta', 'salesUnit')} {...register('salesUnit')} error={errors.salesUnit?.message} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Listas de precios (ARS)</legend>
        <p className="text-xs text-slate-600">Vacío = "Consultar Precio" en esa lista.</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PRICE_LIST_FIELDS.map((field, i) => (
            <FormField
              key={field}
              label={label(`Lista ${i + 1}`, field)}
              density="compact"
              inputMode="decimal"
              {...register(field)}
              error={errors[field]?.message}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextAreaField
          label={label('Códigos alternativos', 'alternateCodes')}
          hint="Uno por línea (o separados por coma)."
          rows={3}
          {...register('alternateCodes')}
          error={errors.alternateCodes?.message}
        />
        <TextAreaField
          label={label('Aplicaciones', 'applications')}
          rows={3}
          {...register('applications')}
          error={errors.applications?.message}
        />
        <TextAreaField
          label={label('Notas', 'notes')}
          className="sm:col-span-2"
          rows={3}
          {...register('notes')}
          error={errors.notes?.message}
        />
      </div>
      <CheckboxField
        label="Activo (visible en el catálogo)"
        after={<HandMark field="isActive" edited={edited} />}
        {...register('isActive')}
      />
      <div ref={barRef} className="sticky bottom-0 -mx-5 flex justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3">
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? 'Guardando...' : 'Guardar cambios'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The editor dialog of part `partId` (null closes it): loads the part, its categories and its history.
 * Closing it with unsaved edits (Escape, "Cerrar", "Cancelar", a click outside, a link, the back
 * button) first asks "Hay cambios sin guardar" (docs/product.md §10.2 "Repuestos"), wherever it is
 * opened from (the panel or a part's detail). Render it only for an admin session.
 */
export function PartEditorDialog({
  partId,
  onClose,
  onSaved = onClose,
}: {
  partId: number | null;
  onClose: () => void;
  /** After a save (closes the editor by default). */
  onSaved?: () => void;
}) {
  const { data: part, error, isPending, isError, refetch } = usePartDetail(partId);
  return (
    <LeaveGuardProvider message={ADMIN_TEXTS.unsavedPart(part?.partNumber ?? '')}>
      {(leave) => (
        <Dialog
          open={partId !== null}
          onOpenChange={(open) => !open && leave.request(onClose)}
          title={part ? `Editar repuesto ${part.partNumber}` : 'Editar repuesto'}
          size="xl"
        >
          {partId === null ? null : isPending ? (
            <LoadingState />
          ) : isError ? (
            <ErrorState error={error} message="No se pudo cargar el repuesto." onRetry={() => void refetch()} />
          ) : (
            <div className="grid gap-6">
              <PartEditorForm key={part.id} part={part} onCancel={() => leave.request(onClose)} onSaved={onSaved} />
              <PartPhotos partId={part.id} />
              <section aria-label="Historial del repuesto" className="grid gap-2">
                <h3 className="text-base font-semibold text-slate-900">Historial del repuesto</h3>
                <PartHistory partId={part.id} />
              </section>
            </div>
          )}
        </Dialog>
      )}
    </LeaveGuardProvider>
  );
}
