import { type AuditsResponse, auditsResponseSchema } from '@baletrack/contracts/audits/audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditsKeys } from '@/features/audits/api/audits-keys';
import { dataApi } from '@/lib/api-client';

/** GET /audits?stackId=: a stack's audits, newest first. */
export async function getStackAudits(
  stackId: string,
  signal?: AbortSignal,
): Promise<AuditsResponse> {
  return auditsResponseSchema.parse(await dataApi.get('/audits', { query: { stackId }, signal }));
}

export function stackAuditsQueryOptions(stackId: string) {
  return queryOptions({
    queryKey: auditsKeys.history(stackId),
    queryFn: ({ signal }) => getStackAudits(stackId, signal),
  });
}

/** A stack's audits; `enabled: false` while the phone is offline, so nothing fails meanwhile. */
export function useStackAudits(stackId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...stackAuditsQueryOptions(stackId), enabled });
}
