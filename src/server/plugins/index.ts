/**
 * The cross-cutting HTTP plugins the composition root (`app.ts`) registers: Fastify's options, the
 * stop phases, validation, errors, security headers, compression, API docs, rate limits, text
 * checks, the system routes and the static files with the SPA fallback. Modules import the plugin
 * file they need (e.g. `rate-limit.ts`), never this one.
 */
export { registerCompression } from './compression.ts';
export { registerDrain } from './drain.ts';
export { registerErrorHandler } from './error-handler.ts';
export { registerOpenApi } from './openapi.ts';
export { registerRateLimit } from './rate-limit.ts';
export { registerRouteTable } from './route-table.ts';
export { registerSafeText } from './safe-text.ts';
export { registerSecurityHeaders } from './security-headers.ts';
export { serverOptions } from './server-options.ts';
export { registerStaticFiles } from './static-files.ts';
export { systemRoutes } from './system-routes.ts';
export { registerZod } from './zod.ts';
