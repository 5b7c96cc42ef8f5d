import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { balesPageResponseSchema, PAGE_SIZE_MAX } from '@baletrack/contracts/bales/bale-reads';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportsKeys } from '@/features/reports/api/reports-keys';
import { type ReportRow, ReportRowList, toReportRow } from '@/features/reports/utils/report-rows';
import { dataApi } from '@/lib/api-client';

export type ReportBalesQuery = BaleTimeFilter & { filterId: string };

interface ReportBalesPage {
  rows: ReportRow[];
  nextCursor: string | null;
}

/** GET /bales/all-paginated: one page of a report's bales, kept as table rows. */
export async function getReportBalesPage(
  query: ReportBalesQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ReportBalesPage> {
  const { year, from, to, filterId } = query;
  const page = balesPageResponseSchema.parse(
    await dataApi.get('/bales/all-paginated', {
      query: { year, from, to, filterId, cursor, limit: PAGE_SIZE_MAX },
      signal,
    }),
  );
  return { rows: page.bales.map(toReportRow), nextCursor: page.nextCursor };
}

export function reportBalesQueryOptions(query: ReportBalesQuery) {
  return infiniteQueryOptions({
    queryKey: reportsKeys.bales(query),
    queryFn: ({ pageParam, signal }) => getReportBalesPage(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Comparing hundreds of thousands of rows with the previous answer would cost more than it
    // saves; a report is read, not edited.
    structuralSharing: false,
    // An infinite query refetches every page it holds: a report stays as loaded until asked
    // again, rather than reloading thousands of rows when the tab comes back into focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * Every bale of the report, loaded page after page in the background: the table shows the first
 * rows at once and grows until `done`.
 */
export function useReportBales(query: ReportBalesQuery) {
  const result = useInfiniteQuery(reportBalesQueryOptions(query));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = result;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  // One array grown as pages arrive: flattening every page again on each arrival made loading
  // 200,000 rows quadratic.
  const [list] = useState(() => new ReportRowList());
  const rows = list.update(result.data?.pages ?? []);
  const { data, refetch } = result;
  return {
    /** The same array while it grows: read `rowCount` to see that it did. */
    rows,
    rowCount: rows.length,
    isPending: result.isPending,
    isError,
    done: result.isSuccess && !hasNextPage,
    /** After a failure: the next page again, or everything when not even the first came. */
    retry: () => void (data ? fetchNextPage() : refetch()),
  };
}
