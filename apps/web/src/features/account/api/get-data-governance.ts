import {
  type DataGovernance,
  dataGovernanceSchema,
} from '@baletrack/contracts/account/data-governance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from '@/features/account/api/account-keys';
import { dataApi } from '@/lib/api-client';

/** GET /reports/data-governance: what is stored about the organization (owner). */
export async function getDataGovernance(signal?: AbortSignal): Promise<DataGovernance> {
  return dataGovernanceSchema.parse(await dataApi.get('/reports/data-governance', { signal }));
}

export function dataGovernanceQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.governance(),
    queryFn: ({ signal }) => getDataGovernance(signal),
  });
}

export function useDataGovernance() {
  return useQuery(dataGovernanceQueryOptions());
}
