import {
  type NewRegistryEntry,
  type RegistryEntry,
  registryEntrySchema,
} from '@baletrack/contracts/admin/baler-registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { userApi } from '@/lib/api-client';

/**
 * POST /admin/baler-registry (a new VIN) or PUT /admin/baler-registry/{vin} (an entry changed):
 * one form saves both.
 */
export async function saveRegistryEntry(input: {
  entry: NewRegistryEntry;
  isNew: boolean;
}): Promise<RegistryEntry> {
  const { vin, ...fields } = input.entry;
  const answer = input.isNew
    ? await userApi.post('/admin/baler-registry', { body: input.entry })
    : await userApi.put(`/admin/baler-registry/${encodeURIComponent(vin)}`, { body: fields });
  return registryEntrySchema.parse(answer);
}

export function useSaveRegistryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegistryEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
