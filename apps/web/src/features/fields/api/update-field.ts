import { type Field, fieldSchema, type SaveFieldRequest } from '@baletrack/contracts/fields/field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldChangeKeys } from '@/features/fields/api/fields-keys';
import { dataApi } from '@/lib/api-client';

/** PUT /fields/{id}: replaces the name, size and boundary. */
export async function updateField({
  id,
  ...field
}: SaveFieldRequest & { id: string }): Promise<Field> {
  return fieldSchema.parse(await dataApi.put(`/fields/${encodeURIComponent(id)}`, { body: field }));
}

export function useUpdateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateField,
    onSuccess: () =>
      Promise.all(fieldChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
