/**
 * Security headers (docs/security.md "Security headers"): helmet's, with our Content Security
 * Policy, computed once at start and added to every reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

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

/** Adds the security headers to every reply (API, static files and errors alike). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
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
          // The offline service worker, /sw.js (docs/product.md §17); the manifest falls under default-src.
          workerSrc: ["'self'"],
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
}
