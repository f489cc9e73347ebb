/** Public surface of the admin feature: lazy-load these from the router. */
export { AdminCategoriesPage } from './admin-categories-page.tsx';
export { AdminPanel, type AdminPanelProps, type AdminTab } from './admin-panel.tsx';
export { CatalogueJobStatus } from './components/catalogue-job-status.tsx';
export { EditPartButton } from './components/edit-part-button.tsx';
export { ImportCatalogueButton } from './components/import-catalogue.tsx';
export { DebugPage } from './debug-page.tsx';
