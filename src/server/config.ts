/**
 * The only reader of `process.env` (docs/architecture.md; variables in docs/product.md §15.1). Every variable has a working default
 * for the embedded run; bad values fail start-up with one message listing each of them.
 */
import 'dotenv/config';
import path from 'node:path';
import { z } from 'zod';
// Spanish messages for the numbers and texts checked below, in the CLI as in the server.
import './zod-locale.ts';
import { cronProblem } from './modules/sync/cron.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/client.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'debe ser true o false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  // Production unless the developer asks for development (`npm run dev` sets it): a default
  // install gives nothing away (docs/security.md).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DEV_RESET_TOKEN: bool(false),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'debe empezar con postgres:// o postgresql://' })
    .optional(),
  DEMO_CATALOGUE: bool(true),
  DEMO_CATALOGUE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  IMAGE_BASE_URL: z.string().default('/images/'),
  IMAGE_DIR: z.string().optional(),
  LOW_STOCK: z.coerce.number().int().min(1).default(5),
  IMPORT_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(5_000_000).default(500_000),
  BRAND_NAME: z.string().min(1).default('Repuestos Online'),
  BRAND_TAGLINE: z.string().min(1).default('Más que repuestos, Soluciones.'),
  WHATSAPP_ADMIN: z.string().default('5491100000001'),
  WHATSAPP_SALES: z.string().default('5491100000002'),
  ORDER_PLATFORM_URL: z.url({ error: 'debe ser una URL' }).optional(),
  SALES_EMAIL: z.email({ error: 'debe ser un email' }).optional(),
  ERP_SOURCE: z.string().optional(),
  ERP_SYNC_CRON: z.string().trim().optional(),
  ERP_SYNC_TIMEZONE: z.string().default('America/Argentina/Buenos_Aires'),
  STAFF_EMAIL: z.email({ error: 'debe ser un email' }).optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'debe tener al menos 8 caracteres' }).optional(),
  SMTP_URL: z.string().optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  COOKIE_SECURE: bool(false),
  TRUST_PROXY: z.string().default(''),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'debe empezar con redis:// o rediss://' })
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(100).default('portal:'),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  RATE_LIMIT_FORGOT_PER_IP: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PART_REQUESTS_PER_USER: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_EXPORTS_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_ORDERS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ORDER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_QUICK_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_ORDER_DOWNLOADS: z.coerce.number().int().min(1).default(30),
  CATALOGUE_VERSION_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(8000),
  DB_KEEPALIVE_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  CATALOGUE_STALE_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
});

export type Env = z.infer<typeof envSchema>;

/** Validated, typed configuration of one process. */
export interface Config {
  nodeEnv: Env['NODE_ENV'];
  /**
   * Development only: `POST /api/auth/forgot-password` answers the reset token too (the
   * development box of docs/product.md §7.6), never for an admin account. Refused with `NODE_ENV=production`.
   */
  devResetToken: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` for a real PostgreSQL; undefined for the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  demoCatalogue: boolean;
  demoCatalogueSize: number;
  imageBaseUrl: string;
  imageDir: string;
  /** Stock quantity (units) below which a part shows "Bajo Stock". */
  lowStock: number;
  /**
   * Limits of a catalogue source an operator names (`npm run import`, `ERP_SOURCE`): largest file,
   * MB (`IMPORT_MAX_MB`), and most rows (`IMPORT_MAX_ROWS`). Uploads from the panel keep their own
   * (20 MB, 500,000 rows) whatever these say.
   */
  importLimits: { maxMb: number; maxRows: number };
  brandName: string;
  tagline: string;
  whatsappAdmin: string;
  whatsappSales: string;
  /** The header's external order platform; null: "Realizar Pedido" opens Mi pedido (issue 19). */
  orderPlatformUrl: string | null;
  /** Where new pedidos are mailed (the sales team); unset: only the customer's copy is sent. */
  salesEmail: string | undefined;
  erpSource: string | undefined;
  /**
   * When to run the ERP sync on its own (`ERP_SYNC_CRON`, cron syntax, read in `erpSyncTimezone`;
   * docs/product.md §11.5); null: only by hand from `/debug`. Needs `erpSource`.
   */
  erpSyncCron: string | null;
  /** IANA time zone the cron pattern is read in (`ERP_SYNC_TIMEZONE`, default Buenos Aires). */
  erpSyncTimezone: string;
  /** Staff address (`STAFF_EMAIL`): a failed, refused or skipped scheduled sync is mailed there. */
  staffEmail: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  publicOrigin: string;
  /** The session cookie is `Secure` with the `__Host-` prefix: `COOKIE_SECURE`, or an https `PUBLIC_ORIGIN`. */
  cookieSecure: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** How long this process trusts the catalogue version it read before asking again, ms. */
  catalogueVersionTtlMs: number;
  /** Bound of the cached catalogue response bodies, MB; 0 turns that cache off. */
  catalogueCacheMb: number;
  /** Proxies whose X-Forwarded-For is believed: addresses or CIDRs; empty trusts none. */
  trustProxy: string[];
  /**
   * Redis holding the rate-limit counters (`REDIS_URL`, keys prefixed with `REDIS_KEY_PREFIX`);
   * null: PostgreSQL's `rate_limits` table, or memory on PGlite (docs/deploy.md).
   */
  redis: { url: string; keyPrefix: string } | null;
  /**
   * Requests allowed per 15 minutes (forgot password) or per hour (registration, part requests);
   * failed logins allowed per 15 minutes (docs/security.md "Login throttling").
   */
  rateLimits: {
    /** Failed logins per account and client address. */
    loginPerAccount: number;
    /** Failed logins per client address, whatever the account. */
    loginPerIp: number;
    /** Extra wait per account-wide failed login beyond `loginPerAccount`, ms. */
    loginDelayStepMs: number;
    forgotPerIp: number;
    registerPerIp: number;
    partRequestsPerUser: number;
    /** Excel/PDF downloads per client address per 10 minutes. */
    exportsPerIp: number;
  };
  /**
   * Pedido routes (issue 19), per signed-in account or, for guests, per client address:
   * `sendsPerHour` pedidos sent per hour; `requestsPerMinute` cart, Mis pedidos and admin pedido
   * calls per minute; `quickPerMinute` quick orders per minute (each may look up 500 lines);
   * `downloadsPer10Minutes` PDF/Excel of pedidos per 10 minutes.
   */
  orderRateLimits: { sendsPerHour: number; requestsPerMinute: number; quickPerMinute: number; downloadsPer10Minutes: number };
  webDistDir: string;
  /**
   * PostgreSQL pool bounds (issue 20): size, connect and statement timeouts and TCP keepalive delay,
   * ms; and the embedded PGlite's shared buffers, MB (`PGLITE_SHARED_BUFFERS_MB`, README, docs/performance.md).
   */
  db: { poolSize: number; connectTimeoutMs: number; statementTimeoutMs: number; keepAliveMs: number; pgliteSharedBuffersMb: number };
  /** How long the catalogue keeps answering from its cache while the database is unreachable, ms. */
  catalogueStaleMaxMs: number;
  /** SIGTERM: how long the process stays up answering (not ready) before it closes its port, ms. */
  shutdownGraceMs: number;
  /** SIGTERM: the longest the whole stop may take before the process exits anyway, ms. */
  shutdownTimeoutMs: number;
}

/** Thrown when the environment holds bad values; `message` lists each one. */
export class ConfigError extends Error {}

/**
 * Reads and validates the environment.
 * @param env defaults to `process.env`; tests pass their own.
 * @throws ConfigError listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DEV_RESET_TOKEN && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Configuración inválida:\n  DEV_RESET_TOKEN: solo se permite en desarrollo (NODE_ENV=development o test); en producción el token viaja solo por email',
    );
  }
  const cronError = e.ERP_SYNC_CRON ? cronProblem(e.ERP_SYNC_CRON, e.ERP_SYNC_TIMEZONE) : null;
  if (cronError) throw new ConfigError(`Configuración inválida:\n  ERP_SYNC_CRON: ${cronError}`);
  if (e.ERP_SYNC_CRON && !e.ERP_SOURCE) {
    throw new ConfigError(
      'Configuración inválida:\n  ERP_SYNC_CRON: la sincronización programada necesita ERP_SOURCE (la URL o el archivo del ERP)',
    );
  }
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    devResetToken: e.DEV_RESET_TOKEN,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoCatalogue: e.DEMO_CATALOGUE,
    demoCatalogueSize: e.DEMO_CATALOGUE_SIZE,
    imageBaseUrl: e.IMAGE_BASE_URL,
    imageDir: path.resolve(e.IMAGE_DIR ?? path.join(dataDir, 'images')),
    lowStock: e.LOW_STOCK,
    importLimits: { maxMb: e.IMPORT_MAX_MB, maxRows: e.IMPORT_MAX_ROWS },
    brandName: e.BRAND_NAME,
    tagline: e.BRAND_TAGLINE,
    whatsappAdmin: e.WHATSAPP_ADMIN.replace(/\D/g, ''),
    whatsappSales: e.WHATSAPP_SALES.replace(/\D/g, ''),
    orderPlatformUrl: e.ORDER_PLATFORM_URL ?? null,
    salesEmail: e.SALES_EMAIL,
    erpSource: e.ERP_SOURCE,
    erpSyncCron: e.ERP_SYNC_CRON || null,
    erpSyncTimezone: e.ERP_SYNC_TIMEZONE,
    staffEmail: e.STAFF_EMAIL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    publicOrigin,
    cookieSecure: e.COOKIE_SECURE || publicOrigin.startsWith('https:'),
    logLevel: e.LOG_LEVEL,
    catalogueVersionTtlMs: e.CATALOGUE_VERSION_TTL_MS,
    catalogueCacheMb: e.CATALOGUE_CACHE_MB,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    rateLimits: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginDelayStepMs: e.RATE_LIMIT_LOGIN_DELAY_MS,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      partRequestsPerUser: e.RATE_LIMIT_PART_REQUESTS_PER_USER,
      exportsPerIp: e.RATE_LIMIT_EXPORTS_PER_IP,
    },
    orderRateLimits: {
      sendsPerHour: e.RATE_LIMIT_ORDERS_PER_HOUR,
      requestsPerMinute: e.RATE_LIMIT_ORDER_REQUESTS_PER_MINUTE,
      quickPerMinute: e.RATE_LIMIT_QUICK_ORDERS_PER_MINUTE,
      downloadsPer10Minutes: e.RATE_LIMIT_ORDER_DOWNLOADS,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    db: {
      poolSize: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      keepAliveMs: e.DB_KEEPALIVE_MS,
      pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    },
    catalogueStaleMaxMs: e.CATALOGUE_STALE_MAX_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ...overrides,
  };
}
