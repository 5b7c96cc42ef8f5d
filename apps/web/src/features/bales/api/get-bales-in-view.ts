import {
  type BalesQuery,
  type BalesResponse,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { dataApi } from '@/lib/api-client';

/**
 * GET /bales/get: the bales of a map view with every attribute (tag serial, time, fields), for
 * naming the bales a list shows. Only asked when the view holds single bales (zoomed in).
 */
export async function getBalesInView(
  view: BalesQuery,
  signal?: AbortSignal,
): Promise<BalesResponse> {
  const { west, south, east, north, year, from, to, filterId } = view;
  return balesResponseSchema.parse(
    await dataApi.get('/bales/get', {
      query: { west, south, east, north, year, from, to, filterId },
      signal,
    }),
  );
}

export function balesInViewQueryOptions(view: BalesQuery) {
  return queryOptions({
    queryKey: balesKeys.inView(view),
    queryFn: ({ signal }) => getBalesInView(view, signal),
  });
}

/** The bales of `view`, idle while `view` is undefined. */
export function useBalesInView(view: BalesQuery | undefined) {
  return useQuery({
    ...balesInViewQueryOptions(view ?? { west: 0, south: 0, east: 0, north: 0 }),
    enabled: view !== undefined,
  });
}
