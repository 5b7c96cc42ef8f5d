import { type Field, fieldSchema, type SaveFieldRequest } from '@baletrack/contracts/fields/field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldChangeKeys } from '@/features/fields/api/fields-keys';
import { dataApi } from '@/lib/api-client';

/** POST /fields. */
export async function createField(field: SaveFieldRequest): Promise<Field> {
  return fieldSchema.parse(await dataApi.post('/fields', { body: field }));
}

export function useCreateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createField,
    onSuccess: () =>
      Promise.all(fieldChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
