import {
  type CuttingsResponse,
  cuttingsResponseSchema,
} from '@baletrack/contracts/cuttings/cutting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cuttingsKeys } from '@/features/cuttings/api/cuttings-keys';
import { dataApi } from '@/lib/api-client';

/** GET /cuttings?year=…: one crop year's cuttings by start date. */
export async function getCuttings(year: number, signal?: AbortSignal): Promise<CuttingsResponse> {
  return cuttingsResponseSchema.parse(await dataApi.get('/cuttings', { query: { year }, signal }));
}

export function cuttingsQueryOptions(year: number) {
  return queryOptions({
    queryKey: cuttingsKeys.year(year),
    queryFn: ({ signal }) => getCuttings(year, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCuttings(year: number) {
  return useQuery(cuttingsQueryOptions(year));
}
