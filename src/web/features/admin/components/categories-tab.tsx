import { ExternalLink, Save } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SearchField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUnsavedChanges } from '../lib/leave-guard.tsx';
import { ADMIN_TEXTS } from '../texts.ts';
import { CategoryVisibilityTree, useCategoryVisibilityEditor } from './category-visibility-tree.tsx';
import { ErrorState, LoadingState, Section } from './ui.tsx';

export interface CategoryVisibilityEditorProps {
  /** Cascade rule: `cascade` (panel tab) or `hide-cascade` (the category page; docs/product.md §10.3). */
  mode: Parameters<typeof useCategoryVisibilityEditor>[0];
  title: string;
  description: string;
  /** Accessible name of the tree. */
  treeLabel: string;
  /** Extra controls in the section's header. */
  extraActions?: ReactNode;
}

/**
 * The bar under the tree that stays in view while the page scrolls: "Tienes cambios sin guardar",
 * Descartar and "Guardar Cambios". "Guardar Cambios" is never `disabled` (it says so with
 * `aria-disabled`): saved or discarded, the keyboard's focus rests on it rather than on the page.
 */
function SaveBar({ editor }: { editor: ReturnType<typeof useCategoryVisibilityEditor> }) {
  const saveRef = useRef<HTMLButtonElement>(null);
  const idle = !editor.dirty;
  return (
    <section
      aria-label="Guardar cambios de categorías"
      className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_6px_rgba(15,23,42,0.06)] backdrop-blur sm:-mx-5 sm:px-5"
    >
      {editor.dirty ? (
        <p role="status" className="mr-auto rounded-md bg-yellow-50 px-2 py-1 text-sm font-medium text-yellow-900">
          {ADMIN_TEXTS.unsavedCategories}{' '}
          <span className="font-normal">({editor.overrides.size === 1 ? '1 categoría' : `${editor.overrides.size} categorías`})</span>
        </p>
      ) : null}
      {editor.dirty ? (
        <Button
          variant="outline"
          onClick={() => {
            // "Descartar" leaves with the changes: the focus goes to "Guardar Cambios".
            editor.discard();
            saveRef.current?.focus();
          }}
          busy={editor.saving}
        >
          Descartar
        </Button>
      ) : null}
      <Button
        ref={saveRef}
        onClick={() => {
          if (!idle) editor.save();
        }}
        busy={editor.saving}
        aria-disabled={idle || undefined}
        className={cn(idle && 'cursor-not-allowed opacity-50')}
      >
        <Save aria-hidden="true" className="size-4" />
        {editor.saving ? 'Guardando...' : ADMIN_TEXTS.saveChanges}
      </Button>
    </section>
  );
}

/**
 * A category visibility tree with local changes, a search inside the tree and a save bar that
 * stays in view ("Tienes cambios sin guardar", Descartar, "Guardar Cambios"); leaving with changes
 * asks first (lib/leave-guard.tsx). The panel's tab and the category page differ in the cascade
 * rule; on the page (`hide-cascade`) "Incluir subcategorías al mostrar" makes showing a category
 * show its descendants too.
 */
export function CategoryVisibilityEditor({ mode, title, description, treeLabel, extraActions }: CategoryVisibilityEditorProps) {
  const [withDescendants, setWithDescendants] = useState(false);
  const editor = useCategoryVisibilityEditor(mode === 'hide-cascade' && withDescendants ? 'cascade' : mode);
  const [query, setQuery] = useState('');
  useUnsavedChanges(editor.dirty);
  const { data, error, isPending, isError, refetch } = editor.query;
  return (
    <Section title={title} description={description} actions={extraActions}>
      <div className="mb-3 grid gap-3 sm:grid-cols-[minmax(0,28rem)_1fr] sm:items-end">
        <SearchField label="Buscar en el árbol" value={query} onChange={setQuery} placeholder="Nombre de la categoría" />
        {mode === 'hide-cascade' ? (
          <CheckboxField
            label="Incluir subcategorías al mostrar"
            hint="Mostrar una categoría muestra también todas sus subcategorías."
            className="items-start text-slate-700"
            checked={withDescendants}
            onChange={(event) => setWithDescendants(event.target.checked)}
          />
        ) : null}
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar las categorías." onRetry={() => void refetch()} />
      ) : (
        <CategoryVisibilityTree tree={data} overrides={editor.overrides} onToggle={editor.toggle} label={treeLabel} query={query} />
      )}
      <SaveBar editor={editor} />
    </Section>
  );
}

/** "Categorías": visibility tree where hiding or showing a category does the same to its descendants. */
export function CategoriesTab() {
  return (
    <CategoryVisibilityEditor
      mode="cascade"
      title="Categorías"
      description="Ocultar o mostrar una categoría aplica lo mismo a todas sus subcategorías. Los cambios se aplican al guardar."
      treeLabel="Visibilidad de categorías"
      extraActions={
        <Link
          href={`~${routes.adminCategories}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Administración de categorías
        </Link>
      }
    />
  );
}
