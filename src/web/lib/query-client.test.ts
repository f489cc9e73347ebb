import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryLostConnection } from './query-client.ts';

const lost = new ApiError(0, 'NETWORK', '0: Failed to fetch');

describe('retryLostConnection', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('tries a query that found no network twice more while the browser reports a connection', () => {
    onlineManager.setOnline(true);
    expect(retryLostConnection(0, lost)).toBe(true);
    expect(retryLostConnection(1, lost)).toBe(true);
    expect(retryLostConnection(2, lost)).toBe(false);
  });

  it('never retries offline, nor an answer with an error status', () => {
    onlineManager.setOnline(false);
    expect(retryLostConnection(0, lost)).toBe(false);
    onlineManager.setOnline(true);
    expect(retryLostConnection(0, new ApiError(500, 'INTERNAL', 'Error interno'))).toBe(false);
    expect(retryLostConnection(0, new ApiError(404, 'NOT_FOUND', 'No encontrado'))).toBe(false);
    expect(retryLostConnection(0, new Error('parse'))).toBe(false);
  });
});
