import { type Baler, balerSchema, type RenameBalerQuery } from '@baletrack/contracts/balers/baler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { userApi } from '@/lib/api-client';

/** PUT /machines/rename?id=…&name=…: only the name (the alias) changes. */
export async function renameBaler(query: RenameBalerQuery): Promise<Baler> {
  return balerSchema.parse(await userApi.put('/machines/rename', { query }));
}

export function useRenameBaler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameBaler,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balersKeys.all }),
  });
}
