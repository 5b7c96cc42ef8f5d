import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { userApi } from '@/lib/api-client';

/** DELETE /admin/baler-registry/{vin}: the provider forgets the VIN. */
export async function removeRegistryEntry(vin: string): Promise<void> {
  await userApi.delete(`/admin/baler-registry/${encodeURIComponent(vin)}`);
}

export function useRemoveRegistryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRegistryEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
