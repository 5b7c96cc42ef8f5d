import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from './query-client.ts';

// docs/product.md#client-behaviour: data is cached 5 minutes; failed fetches retry up to 3 times
// with min(1000·2^attempt, 30000) ms between tries.
describe('data fetching policy', () => {
  const queries = createQueryClient().getDefaultOptions().queries ?? {};
  const retry = queries.retry as (failureCount: number, error: Error) => boolean;
  const retryDelay = queries.retryDelay as (attempt: number) => number;

  it('keeps fetched data fresh for 5 minutes', () => {
    expect(queries.staleTime).toBe(300_000);
  });

  it('retries a failed fetch three times, then gives up', () => {
    const offline = new ApiError(0, { code: 'INTERNAL', message: 'offline' });
    expect([0, 1, 2, 3].map((n) => retry(n, offline))).toEqual([true, true, true, false]);
    const serverError = new ApiError(503, { code: 'INTERNAL', message: 'down' });
    expect(retry(2, serverError)).toBe(true);
  });

  it('does not retry an answer the server meant, except time-outs and rate limits', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(retry(0, new ApiError(status, { code: 'X', message: 'no' }))).toBe(false);
    }
    expect(retry(0, new ApiError(429, { code: 'RATE_LIMITED', message: 'slow down' }))).toBe(true);
  });

  it('waits 1 s, 2 s, 4 s … between tries, never more than 30 s', () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
