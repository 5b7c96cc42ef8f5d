import {
  type DataExport,
  latestDataExportResponseSchema,
} from '@baletrack/contracts/account/data-export';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/features/account/api/account-keys';
import { dataApi } from '@/lib/api-client';

const POLL_MS = 1_000;

/**
 * GET /reports/email-user-data: the organization's latest export and its progress. A 401 does
 * not sign out: while the account is being closed it is the account going, not the session.
 */
export async function getDataExport(signal?: AbortSignal): Promise<DataExport | null> {
  const body = await dataApi.get('/reports/email-user-data', { signal, keepSessionOn401: true });
  return latestDataExportResponseSchema.parse(body).export;
}

export const isUnderWay = (dataExport: DataExport | null | undefined) =>
  dataExport?.status === 'pending' || dataExport?.status === 'building';

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.dataExport(),
    queryFn: ({ signal }) => getDataExport(signal),
  });
}

/**
 * The latest export, polled every second while it is being built, or always while `poll` (the
 * account is being closed and the export is its first step).
 */
export function useDataExport(options: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...dataExportQueryOptions(),
    enabled: options.enabled ?? true,
    retry: options.poll ? false : undefined,
    refetchInterval: (query) => (options.poll || isUnderWay(query.state.data) ? POLL_MS : false),
  });
}
