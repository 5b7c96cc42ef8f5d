import {
  type AutomatedReport,
  automatedReportsResponseSchema,
} from '@baletrack/contracts/automated-reports/automated-report';
import { useQuery } from '@tanstack/react-query';
import { automatedReportsKeys } from '@/features/automated-reports/api/automated-reports-keys';
import { dataApi } from '@/lib/api-client';

/** GET /autoreport/settings: the owner's automated reports with their last run. */
export async function getAutomatedReports(signal?: AbortSignal): Promise<AutomatedReport[]> {
  return automatedReportsResponseSchema.parse(
    await dataApi.get('/autoreport/settings', { signal }),
  );
}

export function useAutomatedReports(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: automatedReportsKeys.list(),
    queryFn: ({ signal }) => getAutomatedReports(signal),
    // A report being retried changes on the server's schedule, not on this page's actions.
    refetchInterval: 60_000,
    ...options,
  });
}
