import {
  type BaleSummaryGroupByResponse,
  type BaleSummaryQuery,
  baleSummaryGroupByResponseSchema,
  type SummaryGrouping,
} from '@baletrack/contracts/summaries/summary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { summariesKeys } from '@/features/summaries/api/summaries-keys';
import { dataApi } from '@/lib/api-client';

/** GET /bales/summarygroupby: one summary per field, cutting, crop, baler, day or size. */
export async function getSummaryGroups(
  query: BaleSummaryQuery,
  by: SummaryGrouping,
  signal?: AbortSignal,
): Promise<BaleSummaryGroupByResponse> {
  const { year, from, to, filterId } = query;
  return baleSummaryGroupByResponseSchema.parse(
    await dataApi.get('/bales/summarygroupby', {
      query: { year, from, to, filterId, by },
      signal,
    }),
  );
}

export function summaryGroupsQueryOptions(query: BaleSummaryQuery, by: SummaryGrouping) {
  return queryOptions({
    queryKey: summariesKeys.groups(query, by),
    queryFn: ({ signal }) => getSummaryGroups(query, by, signal),
  });
}

export function useSummaryGroups(query: BaleSummaryQuery, by: SummaryGrouping, enabled: boolean) {
  // The previous answer stays on screen (dimmed) while new dates or a filter load, but only for
  // the same grouping: a field's id read as a day took the whole app down once.
  return useQuery({
    ...summaryGroupsQueryOptions(query, by),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === by ? keepPreviousData(previous) : undefined,
  });
}
