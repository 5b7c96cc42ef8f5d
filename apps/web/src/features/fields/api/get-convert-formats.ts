import {
  type SupportedFormatsResponse,
  supportedFormatsResponseSchema,
} from '@baletrack/contracts/convert/formats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { convertApiFetch } from '@/features/fields/api/convert-client';
import { fieldsKeys } from '@/features/fields/api/fields-keys';

type Direction = 'import' | 'export';

/** GET /api/supported-import-formats or /api/supported-export-formats. */
export async function getConvertFormats(
  direction: Direction,
  signal?: AbortSignal,
): Promise<SupportedFormatsResponse> {
  const response = await convertApiFetch(`/api/supported-${direction}-formats`, { signal });
  return supportedFormatsResponseSchema.parse(await response.json());
}

export function convertFormatsQueryOptions(direction: Direction) {
  return queryOptions({
    queryKey: fieldsKeys.convertFormats(direction),
    queryFn: ({ signal }) => getConvertFormats(direction, signal),
    // The server's list changes only with a deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConvertFormats(direction: Direction, options: { enabled?: boolean } = {}) {
  return useQuery({ ...convertFormatsQueryOptions(direction), ...options });
}
