import {
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  queryRetryDelay,
} from '@baletrack/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

// docs/product.md#client-behaviour: failed fetches retry up to 3 times, min(1000·2^attempt, 30000)
// ms apart. An answer the server means (4xx: refused, not found, signed out) is not retried; 408
// and 429 are.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return (error.status === 408 || error.status === 429) && failureCount < QUERY_RETRIES;
  }
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry,
        retryDelay: queryRetryDelay,
      },
    },
  });
}
