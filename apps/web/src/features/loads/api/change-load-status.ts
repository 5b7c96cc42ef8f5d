import {
  type LoadResponse,
  type LoadStatus,
  loadResponseSchema,
} from '@baletrack/contracts/loads/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys, shipChangeKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** POST /loads/{id}/status (owner or manager): ready, reopened, or shipped for good. */
export async function changeLoadStatus(loadId: string, status: LoadStatus): Promise<LoadResponse> {
  return loadResponseSchema.parse(
    await dataApi.post(`/loads/${encodeURIComponent(loadId)}/status`, { body: { status } }),
  );
}

/** Changes the status; shipping loads its bales out, so what counts the hay on hand is stale. */
export function useChangeLoadStatus(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: LoadStatus) => changeLoadStatus(loadId, status),
    onSuccess: (load) => {
      queryClient.setQueryData(loadsKeys.load(loadId), load);
      const stale = load.status === 'shipped' ? shipChangeKeys : [loadsKeys.list()];
      return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
