import { ExternalLink, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ADMIN_TEXTS } from '../texts.ts';
import { CategoryVisibilityTree, useCategoryVisibilityEditor } from './category-visibility-tree.tsx';
import { ErrorState, LoadingState, Section } from './ui.tsx';

/** Unsaved-changes banner shared by both category trees. */
export function UnsavedBanner() {
  return (
    <p role="status" className="mb-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm font-medium text-yellow-900">
      {ADMIN_TEXTS.unsavedCategories}
    </p>
  );
}

export interface CategoryVisibilityEditorProps {
  /** Cascade rule: `cascade` (panel tab) or `hide-cascade` (the category page; docs/product.md §10.3). */
  mode: Parameters<typeof useCategoryVisibilityEditor>[0];
  title: string;
  description: string;
  /** Accessible name of the tree. */
  treeLabel: string;
  /** Extra controls before Descartar / Guardar Cambios. */
  extraActions?: ReactNode;
}

/**
 * A category visibility tree with local changes, "Tienes cambios sin guardar", Descartar and
 * "Guardar Cambios": the panel's tab and the category page differ only in the cascade rule.
 */
export function CategoryVisibilityEditor({ mode, title, description, treeLabel, extraActions }: CategoryVisibilityEditorProps) {
  const editor = useCategoryVisibilityEditor(mode);
  const { data, error, isPending, isError, refetch } = editor.query;
  return (
    <Section
      title={title}
      description={description}
      actions={
        <>
          {extraActions}
          {editor.dirty ? (
            <Button variant="outline" onClick={editor.discard} disabled={editor.saving}>
              Descartar
            </Button>
          ) : null}
          <Button onClick={editor.save} disabled={!editor.dirty || editor.saving}>
            <Save aria-hidden="true" className="size-4" />
            {editor.saving ? 'Guardando...' : ADMIN_TEXTS.saveChanges}
          </Button>
        </>
      }
    >
      {editor.dirty ? <UnsavedBanner /> : null}
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar las categorías." onRetry={() => void refetch()} />
      ) : (
        <CategoryVisibilityTree tree={data} overrides={editor.overrides} onToggle={editor.toggle} label={treeLabel} />
      )}
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
