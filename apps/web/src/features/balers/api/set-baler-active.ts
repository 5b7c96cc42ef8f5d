import { type Baler, balerSchema } from '@baletrack/contracts/balers/baler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { userApi } from '@/lib/api-client';

/** PUT /machines/{id}/active: an inactive baler's bales are refused at ingest. */
export async function setBalerActive(id: string, active: boolean): Promise<Baler> {
  return balerSchema.parse(
    await userApi.put(`/machines/${encodeURIComponent(id)}/active`, { query: { active } }),
  );
}

export function useSetBalerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setBalerActive(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balersKeys.all }),
  });
}
