import type { ReactNode } from 'react';
import { routes } from '../../app/paths.ts';
import { AdminLayout } from './admin-layout.tsx';
import { CategoryVisibilityEditor } from './components/categories-tab.tsx';
import { LeaveGuardProvider } from './lib/leave-guard.tsx';
import { ADMIN_TEXTS } from './texts.ts';

/**
 * The category administration page at `/adminkon2025/categorias` (docs/product.md §10.3): hiding a category
 * hides its descendants; showing one shows only that category, or its descendants too with
 * "Incluir subcategorías al mostrar". Changes stay local until "Guardar Cambios"; leaving with
 * changes asks first.
 */
export function AdminCategoriesPage({ actions }: { actions?: ReactNode }) {
  return (
    <LeaveGuardProvider>
      {() => (
        <AdminLayout title="Administración de Categorías" back={{ href: routes.admin, label: ADMIN_TEXTS.backToAdmin }} actions={actions}>
          <CategoryVisibilityEditor
            mode="hide-cascade"
            title="Visibilidad de categorías"
            description="Ocultar una categoría oculta también sus subcategorías; mostrarla muestra solo esa categoría, salvo que elija incluir sus subcategorías."
            treeLabel="Categorías"
          />
        </AdminLayout>
      )}
    </LeaveGuardProvider>
  );
}
