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
  });

  it('keeps only the digits of the chat numbers', () => {
    expect(loadConfig({ WHATSAPP_SALES: '+54 9 11 5555-0000' }).whatsappSales).toBe('5491155550000');
  });
});
