/** Helpers for the admin component tests. */
import { afterEach, type Mock } from 'vitest';
import { dismissToast } from '../../components/ui/toast.tsx';

// The toast store is module state: clear it so one test's toast does not show in the next.
afterEach(() => dismissToast());

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/** Calls made with `method` to `pathname`, each as its URL and parsed JSON body. */
export function callsTo(fetchMock: FetchMock, method: string, pathname: string): Array<{ url: URL; body: unknown }> {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname)
    .map(({ url, init }) => ({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
}
