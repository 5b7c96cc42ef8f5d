import {
  type BalerWithKey,
  balerWithKeySchema,
  type RegisterBalerRequest,
} from '@baletrack/contracts/balers/baler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { userApi } from '@/lib/api-client';

/** POST /machines: registers a baler by VIN; the answer carries its ingest key, this once. */
export async function registerBaler(input: RegisterBalerRequest): Promise<BalerWithKey> {
  return balerWithKeySchema.parse(await userApi.post('/machines', { body: input }));
}

export function useRegisterBaler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerBaler,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balersKeys.all }),
  });
}
