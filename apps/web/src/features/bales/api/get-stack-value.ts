import {
  type StackValueResponse,
  stackValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { useQuery } from '@tanstack/react-query';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { dataApi } from '@/lib/api-client';

/** GET /inventory/stack: a stack's quality grade and the value of its bales on hand today. */
export async function getStackValue(
  stackId: string,
  signal?: AbortSignal,
): Promise<StackValueResponse> {
  return stackValueResponseSchema.parse(
    await dataApi.get('/inventory/stack', { query: { stackId }, signal }),
  );
}

export function useStackValue(stackId: string) {
  return useQuery({
    queryKey: balesKeys.stackValue(stackId),
    queryFn: ({ signal }) => getStackValue(stackId, signal),
  });
}
