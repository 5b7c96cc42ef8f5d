import {
  type BaleInfoResponse,
  baleInfoResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { dataApi } from '@/lib/api-client';

/** GET /bale-info/get: one bale with its fields', baler's and storage area's names. */
export async function getBaleInfo(uid: string, signal?: AbortSignal): Promise<BaleInfoResponse> {
  return baleInfoResponseSchema.parse(
    await dataApi.get('/bale-info/get', { query: { uid }, signal }),
  );
}

export function baleInfoQueryOptions(uid: string) {
  return queryOptions({
    queryKey: balesKeys.baleInfo(uid),
    queryFn: ({ signal }) => getBaleInfo(uid, signal),
  });
}

export function useBaleInfo(uid: string) {
  return useQuery(baleInfoQueryOptions(uid));
}
