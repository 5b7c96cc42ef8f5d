import { type BalerWithKey, balerWithKeySchema } from '@baletrack/contracts/balers/baler';
import { useMutation } from '@tanstack/react-query';
import { userApi } from '@/lib/api-client';

/** POST /machines/{id}/rotate-key: a new ingest key; the old one stops working at once. */
export async function rotateBalerKey(id: string): Promise<BalerWithKey> {
  return balerWithKeySchema.parse(
    await userApi.post(`/machines/${encodeURIComponent(id)}/rotate-key`),
  );
}

// Nothing listed changes (the key is never listed), so no query is invalidated.
export function useRotateBalerKey() {
  return useMutation({ mutationFn: rotateBalerKey });
}
