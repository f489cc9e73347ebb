/**
 * `buildApp({ database, config })`: plugins, the one error handler and the module routes. It never
 * listens (docs/architecture.md); tests drive it with `app.inject()`, only main.ts opens a port.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthDownSchema, healthSchema, publicConfigSchema } from '../shared/api.ts';
import type { ErrorCode } from '../shared/errors.ts';
import type { Config } from './config.ts';
import { type Database, type Db, queryRows } from './db/client.ts';
import { AppError } from './errors.ts';
import { BackgroundTasks } from './background.ts';
import { safeErrorForLog, uniqueViolation, uniqueViolationMessage } from './db/errors.ts';
import { registerSafeText } from './plugins/safe-text.ts';
import { CatalogueCache } from './modules/catalogue/cache.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import type { Viewer } from './modules/catalogue/service.ts';
import { createMailer, type Mailer } from './modules/auth/mail.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { registerSecurity } from './modules/auth/security.ts';
import type { SessionUser } from './modules/auth/sessions.ts';
import { partRequestRoutes } from './modules/part-requests/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { JobSlot } from './modules/sync/jobs.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /** The viewer decided from the session (a guest without one). */
    viewer: Viewer;
    /** The signed-in account behind the session cookie, or null. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered, for the route × role access matrix test. */
    routeTable: { method: string; url: string }[];
    /** The catalogue import/sync job slot of this process. */
    jobs: JobSlot;
    /** The catalogue read cache of this process. */
    catalogueCache: CatalogueCache;
    /** Work that runs after an answer is sent (mail); `drain` and tests wait for it. */
    background: BackgroundTasks;
    /**
     * Graceful stop, part one: new requests get 503 while the ones in flight finish (at most
     * `timeoutMs`); then the caller closes the app and the database.
     */
    drain(timeoutMs: number): Promise<void>;
  }
}

/** What route plugins receive. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  /** Catalogue read cache keyed by the catalogue version. */
  cache: CatalogueCache;
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Fastify logger; off in tests. */
  logger?: boolean;
  /** Outgoing mail; defaults to SMTP_URL or the development logger. */
  mailer?: Mailer;
  /** The import/sync job slot; tests pass one to wait on it. */
  jobs?: JobSlot;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Spanish texts for Fastify's own client errors. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud supera el tamaño máximo permitido.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido: envíe JSON (application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo JSON está vacío.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo no es un JSON válido.',
};

/** Spanish text of a zod validation failure: `page: debe ser al menos 1; search: …`. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const parts = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    return `Datos inválidos (${error.validationContext ?? 'solicitud'}): ${parts.join('; ')}`;
  }
  return error.message;
}

/** Image types `/images/` serves (by extension, lower case). */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif']);

/**
 * True when `/images/<pathName>` may be served: an image type by extension and no path segment
 * starting with a dot (no `.env`, `.git/…`, `.hidden.jpg`).
 */
export function isServableImagePath(pathName: string): boolean {
  const segments = pathName.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return false;
  return IMAGE_EXTENSIONS.has(path.extname(pathName).toLowerCase());
}

/** Replaces secrets in a URL before it is logged (reset tokens in paths and query strings). */
export function redactUrl(url: string): string {
  return url.replace(/(validate-reset-token\/)[^/?#]+/, '$1[redacted]').replace(/([?&]token=)[^&#]+/, '$1[redacted]');
}

/**
 * The headers a helmet middleware sets, as `{ name: value }` with lower-case names. Helmet answers
 * every request alike (this policy uses no nonces), so it runs once, against a response that only
 * records what it is told.
 * @throws the middleware's error, or an Error when it set no Content-Security-Policy.
 */
export function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.logLevel,
          // Reset tokens travel in a URL path: keep them out of the request log.
          serializers: {
            req: (request: { method: string; url: string }) => ({ method: request.method, url: redactUrl(request.url) }),
            // Never SQL parameters (password hashes, tokens) nor row values in an error log.
            err: safeErrorForLog,
          },
        }
      : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
  // Draining: on SIGTERM new requests are refused with 503 while the ones in flight finish.
  let draining = false;
  let inFlight = 0;
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close').header('retry-after', '5');
      throw new AppError('UNAVAILABLE', 'El servidor se está reiniciando. Intente nuevamente en unos segundos.');
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
  });
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    const end = Date.now() + timeoutMs;
    // A short grace period lets requests already on the wire be answered (503) instead of reset.
    const minimum = Date.now() + 250;
    while ((inFlight > 0 || Date.now() < minimum) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await Promise.race([background.idle(), new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())))]);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
    // A write that broke a unique rule (a name or an address already in use) is the caller's
    // conflict, not a server fault.
    const constraint = uniqueViolation(error);
    if (constraint !== null) {
      return reply.status(409).send({ error: { code: 'CONFLICT', message: uniqueViolationMessage(constraint) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: { code: 'VALIDATION', message: validationMessage(error) } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ error: { code: STATUS_CODES[status] ?? 'VALIDATION', message: FASTIFY_MESSAGES[error.code] ?? error.message } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
  });

  // Security headers: helmet's, read once (see helmetHeaders) and added to every reply's own
  // headers. @fastify/helmet built the middleware again (CSP parsed and re-serialized) on every
  // request, a tenth of a cached response's CPU; running the built middleware on every request
  // still cost ~7 % (eleven middlewares, each header validated by res.setHeader, then Fastify's
  // own headers merged in one by one).
  const securityHeaders = helmetHeaders(
    helmet({
      // The web app runs no inline script; styles may be inline (Radix injects scroll-lock styles).
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.cookieSecure ? [] : null,
        },
      },
      // Photos may come from the supplier's CDN.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.brandName} API`, version: '1.0.0', description: 'Catálogo de repuestos' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('viewer', null as unknown as Viewer);
  app.decorateRequest('sessionUser', null);
  await app.register(fastifyRateLimit, { global: false });
  registerSafeText(app);
  registerSecurity(app, database.db, config);

  const cache = new CatalogueCache(database.db, {
    versionTtlMs: config.catalogueVersionTtlMs,
    bodyBytes: config.catalogueCacheMb * 1024 * 1024,
  });
  app.decorate('catalogueCache', cache);
  // A successful write may have changed the catalogue: the next read asks for the version again.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.markDirty();
  });
  const ctx: AppContext = { db: database.db, database, config, cache };
  const jobs = options.jobs ?? new JobSlot(() => cache.markDirty());
  app.decorate('jobs', jobs);

  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthDownSchema } } },
    async (_request, reply) => {
      try {
        const [row] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from parts where is_active`);
        return { status: 'ok' as const, database: database.kind, parts: Number(row?.count ?? 0) };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind, message: 'La base de datos no responde' });
      }
    },
  );
  app.get('/api/config', { schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
    brandName: config.brandName,
    tagline: config.tagline,
    whatsappAdmin: config.whatsappAdmin,
    whatsappSales: config.whatsappSales,
    orderPlatformUrl: config.orderPlatformUrl,
  }));
  await app.register(catalogueRoutes(ctx));
  await app.register(authRoutes(ctx, options.mailer ?? createMailer(config, app.log)));
  await app.register(userRoutes(ctx));
  await app.register(partRequestRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(exportRoutes(ctx));
  await app.register(syncRoutes(ctx, jobs));

  // Supplier photos (docs/product.md §4.4), long-lived caching.
  if (fs.existsSync(config.imageDir)) {
    await app.register(fastifyStatic, {
      root: config.imageDir,
      prefix: '/images/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
      index: false,
      // Photos only: no dotfiles, no other file that happens to sit in the folder.
      allowedPath: isServableImagePath,
    });
  }
  // The built web app: hashed assets cached for a year, index.html never cached.
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isFile = /^\/(api|images|assets)\//.test(url) || /\.[a-z0-9]{2,5}$/i.test(url);
    if (hasWeb && request.method === 'GET' && !isFile) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Ruta no encontrada: ${request.method} ${url}` } });
  });
  return app;
}
