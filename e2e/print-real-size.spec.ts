/**
 * Issue 22: /print of the whole real catalogue (three imported catalogues, above 5,000 parts): every
 * part and every level-1 group in one streamed call, no page break per level-1 group, "Sin imagen"
 * for photos that are missing, and the print dialog on its own 500 ms after the data.
 */
import { expect, test } from '@playwright/test';

test('the whole catalogue prints: every part and group, one call, no page per group', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __printedAt?: number };
    window.print = () => {
      w.__printedAt ??= performance.now();
    };
  });
  const health = (await (await page.request.get('/api/health')).json()) as { parts: number };
  expect(health.parts).toBeGreaterThan(5000);
  const tree = (await (await page.request.get('/api/categories/public')).json()) as { name: string; partCount: number }[];
  const level1WithParts = tree.filter((node) => node.partCount > 0).length;

  const printCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/parts') || url.pathname === '/api/print/catalog') printCalls.push(url.pathname);
  });
  await page.goto('/print');
  await expect(page.getByText(`${health.parts.toLocaleString('es-AR')} productos`, { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(printCalls).toEqual(['/api/print/catalog']);
  await expect(page.getByRole('note')).toHaveCount(0);

  // Every part is a row; every level-1 group with parts is a heading (accent twins print as one).
  const rows = await page.locator('table.print-table tbody tr').count();
  expect(rows).toBe(health.parts);
  const groups = await page.getByRole('heading', { level: 2 }).count();
  expect(groups).toBeGreaterThan(1);
  expect(groups).toBeLessThanOrEqual(level1WithParts + 1);

  // Printed on its own, 500 ms after the data.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printedAt?: number }).__printedAt ?? null)).not.toBeNull();
  const printedAt = await page.evaluate(() => (window as unknown as { __printedAt: number }).__printedAt);
  test.info().annotations.push({ type: 'time to print', description: `${Math.round(printedAt)} ms for ${health.parts} parts` });
  console.log(`time to print: ${Math.round(printedAt)} ms for ${health.parts} parts`);

  // On paper the level-1 groups follow each other; photos that are missing say "Sin imagen".
  await page.emulateMedia({ media: 'print' });
  const breaks = await page
    .locator('section.print-group-1')
    .evaluateAll((sections) => sections.map((section) => getComputedStyle(section).breakBefore));
  expect(breaks.filter((value) => value === 'page')).toEqual([]);
  await expect(page.getByText('Sin imagen').first()).toBeVisible();
});
