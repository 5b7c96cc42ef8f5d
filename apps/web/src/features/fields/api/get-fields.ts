import { type FieldsResponse, fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fieldsKeys } from '@/features/fields/api/fields-keys';
import { dataApi } from '@/lib/api-client';

/** GET /fields: the organization's fields with their outlines. */
export async function getFields(signal?: AbortSignal): Promise<FieldsResponse> {
  return fieldsResponseSchema.parse(await dataApi.get('/fields', { signal }));
}

export function fieldsQueryOptions() {
  return queryOptions({
    queryKey: fieldsKeys.list(),
    queryFn: ({ signal }) => getFields(signal),
  });
}

export function useFields() {
  return useQuery(fieldsQueryOptions());
}
