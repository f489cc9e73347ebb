/**
 * Lighthouse 12 (performance category only) on the start screen (`/`, no session) and the
 * catalogue screen (`/` with the guest choice `repuestos.guest = 1` in sessionStorage, as the
 * "Ingresar como Invitado" button leaves it), with the mobile (default) and desktop presets, in
 * Debian's Chromium launched by chrome-launcher and driven through puppeteer-core (Lighthouse's own
 * dependency). Lighthouse clears the HTTP cache and origin storage before each navigation, but not
 * sessionStorage, so the catalogue is measured cold like the start screen.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseRow {
  screen: 'start' | 'catalogue';
  preset: 'mobile' | 'desktop';
  url: string;
  /** Performance score 0–100. */
  score: number;
  lcp_ms: number;
  cls: number;
  tbt_ms: number;
  fcp_ms: number;
  /** JavaScript transferred by the load, in kB (as the server sent it, compressed). */
  script_kb: number;
  /** What the page showed once loaded, to prove the screen was the intended one. */
  check: string;
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number } | undefined> }, id: string): number =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/** Runs the four measurements against `origin`; Chromium is always closed. */
export async function runLighthouse(origin: string, log: (line: string) => void): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const rows: LighthouseRow[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      for (const preset of ['mobile', 'desktop'] as const) {
        for (const screen of ['start', 'catalogue'] as const) {
          const page = await browser.newPage();
          try {
            const url = `${origin}/`;
            if (screen === 'catalogue') {
              // What "Ingresar como Invitado" does: the guest choice in this tab's sessionStorage.
              await page.goto(url, { waitUntil: 'load' });
              await page.evaluate(() => window.sessionStorage.setItem('repuestos.guest', '1'));
            }
            const config: Config =
              preset === 'desktop'
                ? { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } }
                : { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };
            const flags: Flags = { logLevel: 'error' };
            const result = await lighthouse(url, flags, config, page);
            const lhr = result?.lhr;
            if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
            if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
            const shown = await page.evaluate(() => ({
              start: (document.body.textContent ?? '').includes('Ingresar como Invitado'),
              search: document.querySelector('input[type="search"]') !== null,
            }));
            const check = shown.start ? 'start screen' : shown.search ? 'catalogue' : 'unknown';
            const scripts = (
              lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
            )?.items?.find((i) => i.resourceType === 'script');
            const row: LighthouseRow = {
              screen,
              preset,
              url: screen === 'catalogue' ? `${url} (guest)` : url,
              score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
              lcp_ms: numeric(lhr, 'largest-contentful-paint'),
              cls: numeric(lhr, 'cumulative-layout-shift'),
              tbt_ms: numeric(lhr, 'total-blocking-time'),
              fcp_ms: numeric(lhr, 'first-contentful-paint'),
              script_kb: (scripts?.transferSize ?? Number.NaN) / 1024,
              check,
            };
            rows.push(row);
            log(
              `  lighthouse ${preset} ${screen}: score ${row.score}, LCP ${Math.round(row.lcp_ms)} ms, CLS ${row.cls.toFixed(3)}, TBT ${Math.round(row.tbt_ms)} ms (${check})`,
            );
          } finally {
            await page.close().catch(() => {});
          }
        }
      }
    } finally {
      await browser.disconnect().catch(() => {});
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
