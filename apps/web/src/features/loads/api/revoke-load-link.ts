import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /loads/{id}/links/{linkId} (owner or manager): the link stops opening the load at once. */
export async function revokeLoadLink(loadId: string, linkId: string): Promise<void> {
  await dataApi.delete(`/loads/${encodeURIComponent(loadId)}/links/${encodeURIComponent(linkId)}`);
}

export function useRevokeLoadLink(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeLoadLink(loadId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.load(loadId) }),
  });
}
