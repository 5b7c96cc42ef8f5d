import {
  type Cutting,
  cuttingSchema,
  type SaveCuttingRequest,
} from '@baletrack/contracts/cuttings/cutting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cuttingChangeKeys } from '@/features/cuttings/api/cuttings-keys';
import { dataApi } from '@/lib/api-client';

/** PUT /cuttings/{id}: replaces the whole cutting. */
export async function updateCutting({
  id,
  ...cutting
}: SaveCuttingRequest & { id: string }): Promise<Cutting> {
  return cuttingSchema.parse(
    await dataApi.put(`/cuttings/${encodeURIComponent(id)}`, { body: cutting }),
  );
}

export function useUpdateCutting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCutting,
    onSuccess: () =>
      Promise.all(cuttingChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
