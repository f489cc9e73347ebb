import { QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../app/providers.tsx';

/** A fresh data client with the app defaults (no retries, never stale). */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

/** Renders inside the app providers and a memory router at `path` (may carry a query string). */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const client = testQueryClient();
  const result: RenderResult = render(
    <AppProviders client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
  );
  return { ...result, location, client };
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/**
 * Stubs `fetch` with route handlers keyed by pathname (`'GET /api/parts'`). Unknown calls answer
 * 404. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) return errorResponse(404, 'NOT_FOUND', `No route ${key}`);
    if (typeof route === 'function') {
      const response = await (route as Handler)(url, init);
      return response ?? errorResponse(404, 'NOT_FOUND', 'no response');
    }
    return json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A promise that never settles: keeps a query loading. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}

/**
 * Switches to a fake clock for a test that waits on debounces, polls or delays: the test moves time
 * with {@link advanceClock} instead of sleeping. The clock also follows real time, so testing-library's
 * own waits (`findBy…`, `waitFor`) still run; `setup.ts` restores real timers after each test.
 * @returns a userEvent instance whose typing delays advance the fake clock.
 */
export function installFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Advances the fake clock by `ms`, running the timers due and the promises they start, inside `act`. */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Presses the browser's back button and waits for the `popstate` it causes (a phone's back, §13.4). */
export async function pressBack(): Promise<void> {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  await act(async () => {
    window.history.back();
    await popped;
  });
}
