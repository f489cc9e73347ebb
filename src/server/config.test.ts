import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoCatalogue: true,
      imageBaseUrl: '/images/',
      lowStock: 5,
      tagline: 'Más que repuestos, Soluciones.',
      cookieSecure: false,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.imageDir).toBe(`${config.dataDir}/images`);
  });

  it('fails fast listing every bad value', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEMO_CATALOGUE: 'quizás' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEMO_CATALOGUE: 'quizás' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: debe empezar con postgres/);
      expect(message).toMatch(/DEMO_CATALOGUE: debe ser true o false/);
    }
    // In Spanish wherever the configuration is read (the server, the import command), not only
    // where the server's validation plugin is loaded.
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE: Debe ser 1 o más\./);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: 'mucho' })).toThrow(/PGLITE_SHARED_BUFFERS_MB: Debe ser un número\./);
  });

  it('sizes the embedded PGlite’s shared buffers in MB, 32 unless set', () => {
    expect(loadConfig({}).db.pgliteSharedBuffersMb).toBe(32);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).db.pgliteSharedBuffersMb).toBe(128);
    for (const bad of ['0', 'mucho', '2048', '1.5']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    }
  });

  it('sets the limits of an operator’s catalogue source, 50 MB and 500,000 rows unless set', () => {
    expect(loadConfig({}).importLimits).toEqual({ maxMb: 50, maxRows: 500_000 });
    expect(loadConfig({ IMPORT_MAX_MB: '400', IMPORT_MAX_ROWS: '2000000' }).importLimits).toEqual({ maxMb: 400, maxRows: 2_000_000 });
    for (const bad of ['0', 'mucho', '2049']) expect(() => loadConfig({ IMPORT_MAX_MB: bad })).toThrow(/IMPORT_MAX_MB/);
    for (const bad of ['0', '5000001']) expect(() => loadConfig({ IMPORT_MAX_ROWS: bad })).toThrow(/IMPORT_MAX_ROWS/);
  });

  it('keeps only the digits of the chat numbers', () => {
    expect(loadConfig({ WHATSAPP_SALES: '+54 9 11 5555-0000' }).whatsappSales).toBe('5491155550000');
  });

  it('is production unless asked, and the reset-token box is a development opt-in', () => {
    expect(loadConfig({})).toMatchObject({ nodeEnv: 'production', devResetToken: false });
    expect(loadConfig({ NODE_ENV: 'development', DEV_RESET_TOKEN: 'true' }).devResetToken).toBe(true);
    expect(() => loadConfig({ DEV_RESET_TOKEN: 'true' })).toThrow(/DEV_RESET_TOKEN: solo se permite en desarrollo/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_RESET_TOKEN: 'true' })).toThrow(ConfigError);
  });

  it('makes the session cookie Secure whenever the public origin is https', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://repuestos.example.com' }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });
});
