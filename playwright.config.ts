import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/** Port of the server the journeys drive; it holds the real catalogues of ../shared/data. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The web build the e2e server serves (see webServer.command). */
const WEB_DIST = fileURLToPath(new URL(`./dist/e2e-web-${PORT}`, import.meta.url));

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 900 } } },
    {
      name: 'mobile',
      // Account flows do not depend on the viewport; they run once, on desktop.
      testIgnore: ['**/accounts.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    // Builds the web app first so the journeys always drive the current code, into a folder of this
    // port's own so a concurrent build (another run, `npm run build`) cannot empty it mid-run.
    command: `npx vite build --logLevel warn --outDir ${WEB_DIST} --emptyOutDir && node --import tsx e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(PORT), WEB_DIST_DIR: WEB_DIST },
  },
});
