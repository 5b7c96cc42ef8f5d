import {
  type CreateLoadLink,
  type LoadLink,
  loadLinkSchema,
} from '@baletrack/contracts/loads/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** POST /loads/{id}/links (owner or manager): a buyer's link to the load, lasting some days. */
export async function createLoadLink(loadId: string, link: CreateLoadLink): Promise<LoadLink> {
  return loadLinkSchema.parse(
    await dataApi.post(`/loads/${encodeURIComponent(loadId)}/links`, { body: link }),
  );
}

export function useCreateLoadLink(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: CreateLoadLink) => createLoadLink(loadId, link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.load(loadId) }),
  });
}
