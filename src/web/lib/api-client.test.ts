import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { partSchema } from '../../shared/api.ts';
import { errorResponse, json, mockApi } from '../test/render.tsx';
import { ApiError, apiFetch, apiRequest, withQuery } from './api-client.ts';

describe('withQuery', () => {
  it('skips empty values', () => {
    expect(withQuery('/api/parts', { page: 2, search: '', brand: undefined, categoryId: null })).toBe('/api/parts?page=2');
    expect(withQuery('/api/parts')).toBe('/api/parts');
  });
});

describe('apiRequest', () => {
  it('sends cookies and no content type without a body', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': { ok: true } });
    await apiRequest('/api/thing', z.object({ ok: z.boolean() }));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it('sends JSON with a content type when there is a body', async () => {
    const fetchMock = mockApi({ 'POST /api/thing': { ok: true } });
    await apiRequest('/api/thing', z.object({ ok: z.boolean() }), { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('throws an ApiError with status, code and "status: body" message', async () => {
    mockApi({ 'GET /api/parts/9': () => errorResponse(404, 'NOT_FOUND', 'Repuesto no encontrado') });
    const error = await apiRequest('/api/parts/9', partSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.serverMessage).toBe('Repuesto no encontrado');
    expect(apiError.message).toBe('404: {"error":{"code":"NOT_FOUND","message":"Repuesto no encontrado"}}');
    expect(apiError.field).toBeUndefined();
  });

  it('keeps the field the server names as at fault', async () => {
    mockApi({
      'POST /api/admin/users': () =>
        json({ error: { code: 'CONFLICT', message: 'Ya existe un usuario con ese nombre', field: 'username' } }, 409),
    });
    const error = await apiRequest('/api/admin/users', partSchema, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect([(error as ApiError).code, (error as ApiError).field]).toEqual(['CONFLICT', 'username']);
  });

  it('uses the status text when the error body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    const error = (await apiRequest('/api/x', z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('rejects a body that does not match the schema', async () => {
    mockApi({ 'GET /api/parts/1': () => json({ id: 'x' }) });
    const error = (await apiRequest('/api/parts/1', partSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('BAD_RESPONSE');
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiRequest('/api/x', z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
  });
});

describe('apiFetch', () => {
  it('sends a raw body as application/octet-stream with the query', async () => {
    const fetchMock = mockApi({ 'POST /api/upload': { ok: true } });
    const file = new Blob(['a;b'], { type: 'text/csv' });
    await apiFetch('/api/upload', { method: 'POST', query: { filename: 'lista.csv' }, rawBody: file });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/upload?filename=lista.csv');
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/octet-stream');
    expect(init?.credentials).toBe('include');
  });

  it('sends a FormData as is, leaving the multipart content type and boundary to the browser', async () => {
    const fetchMock = mockApi({ 'POST /api/fotos': { ok: true } });
    const form = new FormData();
    form.append('fotos', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiFetch('/api/fotos', { method: 'POST', formData: form, body: { ignored: true } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('answers the response unread for a download, and throws the server error of a failure', async () => {
    mockApi({
      'GET /api/file': () => new Response('contenido', { status: 200 }),
      'GET /api/limited': () => errorResponse(429, 'RATE_LIMITED', 'Demasiadas exportaciones'),
    });
    const response = await apiFetch('/api/file', { accept: '*/*' });
    expect(await response.text()).toBe('contenido');
    const error = (await apiFetch('/api/limited').catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.serverMessage]).toEqual([429, 'RATE_LIMITED', 'Demasiadas exportaciones']);
  });

  it('rethrows an abort as the AbortError itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    const error = await apiFetch('/api/x', { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
