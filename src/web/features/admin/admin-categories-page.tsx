import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { routes } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { UnsavedBanner } from './components/categories-tab.tsx';
import { CategoryVisibilityTree, useCategoryVisibilityEditor } from './components/category-visibility-tree.tsx';
import { ErrorState, LoadingState, Section } from './components/ui.tsx';
import { ADMIN_TEXTS } from './texts.ts';

/**
 * The category administration page at `/adminkon2025/categorias` (spec 2): hiding a category
 * hides its descendants; showing one shows only that category (spec 4). Changes stay local
 * until "Guardar Cambios".
 */
export function AdminCategoriesPage({ actions }: { actions?: ReactNode }) {
  const editor = useCategoryVisibilityEditor('hide-cascade');
  const { data, error, isPending, isError, refetch } = editor.query;
  return (
    <AdminLayout title="Administración de Categorías" back={{ href: routes.admin, label: ADMIN_TEXTS.backToAdmin }} actions={actions}>
      <Section
        title="Visibilidad de categorías"
        description="Ocultar una categoría oculta también sus subcategorías; mostrarla muestra solo esa categoría."
        actions={
          <>
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
          <CategoryVisibilityTree tree={data} overrides={editor.overrides} onToggle={editor.toggle} label="Categorías" />
        )}
      </Section>
    </AdminLayout>
  );
}
