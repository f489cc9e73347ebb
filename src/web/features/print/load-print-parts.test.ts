import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render.tsx';
import { loadPrintParts } from './load-print-parts.ts';

/** An NDJSON answer whose body arrives in the given chunks. */
function ndjson(chunks: string[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

const row = (id: number) => [id, `P${id}`, `Parte ${id}`, id === 1 ? '/images/p1.jpg' : null, null, ['Repuestos']];

describe('loadPrintParts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads every row of a streamed answer cut anywhere, in one call, reporting progress', async () => {
    const body = `${JSON.stringify({ total: 6000 })}\n${JSON.stringify(Array.from({ length: 3000 }, (_, i) => row(i + 1)))}\n${JSON.stringify(
      Array.from({ length: 3000 }, (_, i) => row(i + 3001)),
    )}\n`;
    const cut = [body.slice(0, 5), body.slice(5, 40_000), body.slice(40_000, 40_001), body.slice(40_001)];
    const fetchMock = mockApi({ 'GET /api/print/catalog': () => ndjson(cut) });
    const progress: { loaded: number; total: number | null }[] = [];
    const { parts } = await loadPrintParts([3, 7], { includePrices: true, onProgress: (p) => progress.push(p) });
    expect(parts).toHaveLength(6000);
    expect(parts[0]).toEqual({
      id: 1,
      partNumber: 'P1',
      description: 'Parte 1',
      image: '/images/p1.jpg',
      price: null,
      categoryPath: ['Repuestos'],
    });
    expect(parts[1]?.image).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ categoryIds: '3,7', includePrices: 'true' });
    expect(progress[0]).toEqual({ loaded: 0, total: 6000 });
    expect(progress.at(-1)).toEqual({ loaded: 6000, total: 6000 });
  });

  it('refuses an answer cut short', async () => {
    mockApi({ 'GET /api/print/catalog': () => ndjson([`${JSON.stringify({ total: 3 })}\n${JSON.stringify([row(1)])}\n`]) });
    await expect(loadPrintParts('all')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
