import {
  type BaleSummaryQuery,
  type BaleSummaryResponse,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { summariesKeys } from '@/features/summaries/api/summaries-keys';
import { dataApi } from '@/lib/api-client';

/** GET /bales/summary: key figures of the bales the filter and dates select. */
export async function getSummary(
  query: BaleSummaryQuery,
  signal?: AbortSignal,
): Promise<BaleSummaryResponse> {
  const { year, from, to, filterId } = query;
  return baleSummaryResponseSchema.parse(
    await dataApi.get('/bales/summary', { query: { year, from, to, filterId }, signal }),
  );
}

export function summaryQueryOptions(query: BaleSummaryQuery) {
  return queryOptions({
    queryKey: summariesKeys.summary(query),
    queryFn: ({ signal }) => getSummary(query, signal),
  });
}

export function useSummary(query: BaleSummaryQuery, enabled: boolean) {
  return useQuery({ ...summaryQueryOptions(query), enabled });
}
