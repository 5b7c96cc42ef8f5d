import {
  type Cutting,
  cuttingSchema,
  type SaveCuttingRequest,
} from '@baletrack/contracts/cuttings/cutting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cuttingChangeKeys } from '@/features/cuttings/api/cuttings-keys';
import { dataApi } from '@/lib/api-client';

/** POST /cuttings. */
export async function createCutting(cutting: SaveCuttingRequest): Promise<Cutting> {
  return cuttingSchema.parse(await dataApi.post('/cuttings', { body: cutting }));
}

export function useCreateCutting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCutting,
    onSuccess: () =>
      Promise.all(cuttingChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
