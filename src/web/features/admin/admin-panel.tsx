import * as Tabs from '@radix-ui/react-tabs';
import { History, Wrench } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { AdminCounts } from '../../../shared/admin-users.ts';
import { routes } from '../../app/paths.ts';
import { formatCount } from '../../lib/format.ts';
import { AdminOrdersTab } from '../orders/index.ts';
import { AdminLayout } from './admin-layout.tsx';
import { AuditTab } from './components/audit-tab.tsx';
import { CarouselsTab } from './components/carousels-tab.tsx';
import { CategoriesTab } from './components/categories-tab.tsx';
import { ImportCatalogueButton } from './components/import-catalogue.tsx';
import { MultimediaTab } from './components/multimedia-tab.tsx';
import { PartRequestsTab } from './components/part-requests-tab.tsx';
import { PartsTab } from './components/parts-tab.tsx';
import { PriceListsTab } from './components/price-lists-tab.tsx';
import { RelatedTab } from './components/related-tab.tsx';
import { SalesUnitsTab } from './components/sales-units-tab.tsx';
import { UsersTab } from './components/users-tab.tsx';
import { LeaveGuardProvider } from './lib/leave-guard.tsx';
import { ADMIN_TEXTS, IMPORT_HISTORY_ID } from './texts.ts';
import { useAdminCounts, useRefreshCountsAfterChanges } from './users-api.ts';

/** "Sinónimos" (issue 18): the search's synonym groups, loaded when the tab is first opened. */
const SynonymsTab = lazy(async () => ({ default: (await import('./components/synonyms-tab.tsx')).SynonymsTab }));

/**
 * The eight tabs of docs/product.md §10.2, in order, then "Pedidos" (issue 19 §5), "Sinónimos" (issue 18), loaded
 * when opened, and "Repuestos" (the part editor) and "Historial" (issue 21 items 1 and 5).
 */
export const ADMIN_TABS = [
  { value: 'precios', label: 'Listas de Precios', Panel: PriceListsTab },
  { value: 'usuarios', label: 'Gestión de Usuarios', Panel: UsersTab },
  { value: 'carruseles', label: 'Gestión de Carruseles', Panel: CarouselsTab },
  { value: 'unidades', label: 'Unidades de Venta', Panel: SalesUnitsTab },
  { value: 'multimedia', label: 'Multimedia', Panel: MultimediaTab },
  { value: 'categorias', label: 'Categorías', Panel: CategoriesTab },
  { value: 'solicitudes', label: 'Solicitudes', Panel: PartRequestsTab },
  { value: 'relacionados', label: 'Productos Relacionados', Panel: RelatedTab },
  { value: 'pedidos', label: 'Pedidos', Panel: AdminOrdersTab },
  { value: 'sinonimos', label: 'Sinónimos', Panel: SynonymsTab },
  { value: 'repuestos', label: 'Repuestos', Panel: PartsTab },
  { value: 'historial', label: 'Historial', Panel: AuditTab },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** The tabs with a pending count beside their name (`GET /api/admin/counts`, issue 21 item 8) and what it counts. */
const TAB_COUNTS: Partial<Record<AdminTab, { count: keyof AdminCounts; what: string }>> = {
  usuarios: { count: 'pendingUsers', what: 'pendientes de aprobación' },
  solicitudes: { count: 'pendingRequests', what: 'pendientes' },
  pedidos: { count: 'newOrders', what: 'nuevos' },
};

/** A tab's pending count (nothing when none or not known yet); `relative` keeps the sr-only text inside the tab list's scroller. */
function TabBadge({ tab }: { tab: AdminTab }) {
  const { data } = useAdminCounts();
  const counted = TAB_COUNTS[tab];
  const n = counted && data ? data[counted.count] : 0;
  if (!counted || n === 0) return null;
  return (
    <span className="relative ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-accent-600 px-1.5 text-xs font-bold leading-5 text-white">
      {formatCount(n)}
      <span className="sr-only"> {counted.what}</span>
    </span>
  );
}

/** Keeps the badges current after the panel's changes (renders nothing). */
function CountsRefresher() {
  useRefreshCountsAfterChanges();
  return null;
}

/** The tab named by `?tab=` (the staff mails link to one), if it is one. */
function tabFromUrl(search: string): AdminTab | undefined {
  const wanted = new URLSearchParams(search).get('tab');
  return ADMIN_TABS.find((t) => t.value === wanted)?.value;
}

export interface AdminPanelProps {
  /** Extra header content, e.g. a logout button (the session belongs to the router's feature). */
  actions?: ReactNode;
  /** Tab shown first when the URL names none (`?tab=usuarios`); "Listas de Precios" by default. */
  initialTab?: AdminTab;
}

/**
 * The admin panel at `/adminkon2025` (docs/product.md §10.2): title, "Importar catálogo" (issue 6), "Volver al
 * Catálogo" and eight tabs. Only the active tab is mounted, so each tab loads its data when first
 * opened. Render it only for an admin session; every call it makes answers 401/403 otherwise.
 */
export function AdminPanel({ actions, initialTab = 'precios' }: AdminPanelProps) {
  const search = useSearch();
  const [tab, setTab] = useState<string>(() => tabFromUrl(search) ?? initialTab);
  return (
    <LeaveGuardProvider>
      {(leave) => (
        <AdminLayout
          title={ADMIN_TEXTS.panelTitle}
          back={{ href: routes.home, label: ADMIN_TEXTS.backToCatalogue }}
          actions={
            <>
              <ImportCatalogueButton />
              <PanelLinks />
              {actions}
            </>
          }
        >
          <CountsRefresher />
          {/* A tab with unsaved changes (Categorías) asks before it is left. */}
          <Tabs.Root value={tab} onValueChange={(next) => leave.request(() => setTab(next))} activationMode="manual">
            <Tabs.List
              aria-label="Secciones del panel"
              className="-mx-3 mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0"
            >
              {ADMIN_TABS.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  className="shrink-0 whitespace-nowrap rounded-t-md border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:bg-white data-[state=active]:text-brand-800"
                >
                  {t.label}
                  <TabBadge tab={t.value} />
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {ADMIN_TABS.map(({ value, Panel }) => (
              <Tabs.Content key={value} value={value} className="focus-visible:outline-2">
                <Suspense fallback={<p role="status">Cargando...</p>}>
                  <Panel />
                </Suspense>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </AdminLayout>
      )}
    </LeaveGuardProvider>
  );
}

const headerLink = 'inline-flex h-9 items-center gap-1.5 rounded-md border border-white/40 px-3 text-sm font-medium hover:bg-white/10';

/** The debug page and the import history (on it), from the panel's header (issue 21 item 11); icons only on phones. */
function PanelLinks() {
  return (
    <>
      <Link href={`~${routes.debug}`} className={headerLink}>
        <Wrench aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Depuración</span>
      </Link>
      <Link href={`~${routes.debug}#${IMPORT_HISTORY_ID}`} className={headerLink}>
        <History aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Historial de importaciones</span>
      </Link>
    </>
  );
}
