import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPart } from '../../test/fixtures.ts';
import { json, mockApi } from '../../test/render.tsx';
import { loadPrintParts } from './load-print-parts.ts';

describe('loadPrintParts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stops at the cap, says so, and reports progress', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => buildPart({ partNumber: `P${i}` }));
    const fetchMock = mockApi({
      'GET /api/parts': (url: URL) => {
        const limit = Number(url.searchParams.get('limit'));
        const page = Number(url.searchParams.get('page'));
        return json({ parts: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit });
      },
    });
    const progress: { loaded: number; total: number | null }[] = [];
    const result = await loadPrintParts('all', { maxParts: 300, onProgress: (p) => progress.push(p) });
    expect(result.parts).toHaveLength(300);
    expect(result.truncated).toBe(true);
    expect(result.available).toBe(1000);
    // Page 1 tells the total; page 2 fills the cap; pages 3-5 are never asked.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(progress.at(-1)).toEqual({ loaded: 300, total: 1000 });
  });

  it('is not truncated when everything fits', async () => {
    mockApi({ 'GET /api/parts': () => json({ parts: [buildPart()], total: 1, page: 1, limit: 200 }) });
    expect(await loadPrintParts('all')).toMatchObject({ available: 1, truncated: false });
  });
});
