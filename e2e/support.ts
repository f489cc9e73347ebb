/**
 * Helpers shared by the journeys: the accessibility check, unique names, and the admin calls the
 * journeys use for their set-up (an API context of its own, so the browser's session is untouched).
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN } from './fixtures.ts';

/**
 * Runs axe-core on the whole page (open dialogs included) and fails on serious or critical
 * violations, listing each rule with its first offending targets.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(report, `axe violations on ${screen}`).toEqual([]);
}

/** A username no other run or project uses (letters, digits and dashes: valid for the server). */
export function uniqueName(prefix: string, projectName: string): string {
  return `${prefix}-${projectName}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Signs the given API context in as the e2e admin. */
export async function loginAsAdmin(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/auth/login', { data: { ...ADMIN, userType: 'admin' } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Approves the pending registration of `username` (found through `GET /api/users/pending`). */
export async function approveRegistration(request: APIRequestContext, username: string, clientCode?: string): Promise<void> {
  await loginAsAdmin(request);
  const pending = await request.get('/api/users/pending');
  expect(pending.status()).toBe(200);
  const users = (await pending.json()) as { id: number; username: string }[];
  const user = users.find((u) => u.username === username);
  expect(user, `${username} is pending`).toBeDefined();
  const approved = await request.patch(`/api/users/${user?.id}/approve`, { data: clientCode ? { clientCode } : {} });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** Creates an approved client through the admin API. */
export async function createClient(request: APIRequestContext, username: string, password: string): Promise<void> {
  await loginAsAdmin(request);
  const response = await request.post('/api/admin/users', { data: { username, password, profileType: 'client' } });
  expect(response.status(), await response.text()).toBe(201);
}
