import {
  type LoadDetails,
  type LoadResponse,
  loadResponseSchema,
} from '@baletrack/contracts/loads/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** POST /loads (owner or manager): a new, empty load. */
export async function createLoad(details: LoadDetails): Promise<LoadResponse> {
  return loadResponseSchema.parse(await dataApi.post('/loads', { body: details }));
}

/** Creates a load; its page opens from the cache, and the list is read again. */
export function useCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoad,
    onSuccess: (load) => {
      queryClient.setQueryData(loadsKeys.load(load.id), load);
      return queryClient.invalidateQueries({ queryKey: loadsKeys.list() });
    },
  });
}
