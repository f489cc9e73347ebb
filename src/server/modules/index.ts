/**
 * What the composition root (`app.ts`) takes from the modules: each module's route plugin and the
 * few module services it wires (mail, the security hooks, the catalogue cache, the job slot and the
 * scheduled sync). Modules never import this file; they reach one another's `service.ts`.
 */
export { adminRoutes } from './admin/routes.ts';
export { adminCountRoutes } from './admin-counts/routes.ts';
export { createMailer, type Mailer } from './auth/mail.ts';
export { authRoutes } from './auth/routes.ts';
export { registerSecurity } from './auth/security.ts';
export { registerCatalogueCache } from './catalogue/cache.ts';
export { catalogueRoutes } from './catalogue/routes.ts';
export { exportRoutes } from './export/routes.ts';
export { photoRoutes } from './images/routes.ts';
export { importRoutes } from './import/routes.ts';
export { importMappingRoutes } from './import-mappings/routes.ts';
export { orderRoutes } from './orders/routes.ts';
export { partRequestRoutes } from './part-requests/routes.ts';
export { priceRoutes } from './prices/routes.ts';
export { printRoutes } from './print/routes.ts';
export { synonymRoutes } from './search/routes.ts';
export { seoRoutes } from './seo/routes.ts';
export { type JobSlot, registerJobSlot } from './sync/jobs.ts';
export { syncRoutes } from './sync/routes.ts';
export { registerScheduledSync } from './sync/schedule.ts';
export { userRoutes } from './users/routes.ts';
