/** Public surface of the admin feature: lazy-load these from the router. */
export { AdminCategoriesPage } from './admin-categories-page.tsx';
export { AdminPanel, type AdminPanelProps, type AdminTab } from './admin-panel.tsx';
