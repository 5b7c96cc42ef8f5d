import {
  type BaleTimeFilter,
  type StackInfoResponse,
  stackInfoResponseSchema,
} from '@baletrack/contracts/bales/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { dataApi } from '@/lib/api-client';

/** GET /stack-info/get: a stack, its bales (within the time filter) and its storage area. */
export async function getStackInfo(
  stackId: string,
  filter: BaleTimeFilter,
  signal?: AbortSignal,
): Promise<StackInfoResponse> {
  const { year, from, to } = filter;
  return stackInfoResponseSchema.parse(
    await dataApi.get('/stack-info/get', { query: { stackId, year, from, to }, signal }),
  );
}

export function stackInfoQueryOptions(stackId: string, filter: BaleTimeFilter) {
  return queryOptions({
    queryKey: balesKeys.stackInfo(stackId, filter),
    queryFn: ({ signal }) => getStackInfo(stackId, filter, signal),
  });
}

export function useStackInfo(stackId: string, filter: BaleTimeFilter) {
  return useQuery(stackInfoQueryOptions(stackId, filter));
}
