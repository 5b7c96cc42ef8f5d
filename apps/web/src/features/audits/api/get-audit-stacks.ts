import {
  type AuditStacksResponse,
  auditStacksResponseSchema,
} from '@baletrack/contracts/audits/audits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditsKeys, type Position } from '@/features/audits/api/audits-keys';
import { dataApi } from '@/lib/api-client';

/** GET /audits/stacks: the stacks to audit, nearest first when the phone's position is given. */
export async function getAuditStacks(
  position: Position | null,
  signal?: AbortSignal,
): Promise<AuditStacksResponse> {
  return auditStacksResponseSchema.parse(
    await dataApi.get('/audits/stacks', { query: { ...position }, signal }),
  );
}

export function auditStacksQueryOptions(position: Position | null) {
  return queryOptions({
    queryKey: auditsKeys.stacks(position),
    queryFn: ({ signal }) => getAuditStacks(position, signal),
  });
}

/**
 * The stacks; the list asked without a position stays on screen while the nearest-first one
 * loads. `enabled: false` while the phone is offline, so nothing fails meanwhile.
 */
export function useAuditStacks(position: Position | null, { enabled = true } = {}) {
  return useQuery({
    ...auditStacksQueryOptions(position),
    enabled,
    placeholderData: keepPreviousData,
  });
}
