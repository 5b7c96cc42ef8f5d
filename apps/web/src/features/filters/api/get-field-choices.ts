import { type FieldsResponse, fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** GET /fields: the fields a filter can keep. */
export async function getFieldChoices(signal?: AbortSignal): Promise<FieldsResponse> {
  return fieldsResponseSchema.parse(await dataApi.get('/fields', { signal }));
}

export function fieldChoicesQueryOptions() {
  return queryOptions({
    queryKey: filterKeys.choices('fields'),
    queryFn: ({ signal }) => getFieldChoices(signal),
  });
}

export function useFieldChoices() {
  return useQuery(fieldChoicesQueryOptions());
}
