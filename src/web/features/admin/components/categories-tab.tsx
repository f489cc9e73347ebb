import { ExternalLink, Save } from 'lucide-react';
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

/** "Categorías": visibility tree where hiding or showing a category does the same to its descendants. */
export function CategoriesTab() {
  const editor = useCategoryVisibilityEditor('cascade');
  const { data, error, isPending, isError, refetch } = editor.query;
  return (
    <Section
      title="Categorías"
      description="Ocultar o mostrar una categoría aplica lo mismo a todas sus subcategorías. Los cambios se aplican al guardar."
      actions={
        <>
          <Link href={`~${routes.adminCategories}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2">
            <ExternalLink aria-hidden="true" className="size-4" />
            Administración de categorías
          </Link>
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
        <CategoryVisibilityTree tree={data} overrides={editor.overrides} onToggle={editor.toggle} label="Visibilidad de categorías" />
      )}
    </Section>
  );
}
