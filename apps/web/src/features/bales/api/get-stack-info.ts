import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { type StackInfoResponse, stackInfoResponseSchema } from '@baletrack/contracts/map/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { dataApi } from '@/lib/api-client';

/** The top bar's dates and the applied filter, as the map drew the stack with them. */
type StackFilter = BaleTimeFilter & { filterId?: string };

/**
 * GET /stack-info/get: a stack, its bales (within the time filter and the applied filter, like
 * the map's count) and its storage area.
 */
export async function getStackInfo(
  stackId: string,
  filter: StackFilter,
  signal?: AbortSignal,
): Promise<StackInfoResponse> {
  const { year, from, to, filterId } = filter;
  return stackInfoResponseSchema.parse(
    await dataApi.get('/stack-info/get', { query: { stackId, year, from, to, filterId }, signal }),
  );
}

export function stackInfoQueryOptions(stackId: string, filter: StackFilter) {
  return queryOptions({
    queryKey: balesKeys.stackInfo(stackId, filter),
    queryFn: ({ signal }) => getStackInfo(stackId, filter, signal),
  });
}

export function useStackInfo(stackId: string, filter: StackFilter) {
  return useQuery(stackInfoQueryOptions(stackId, filter));
}
