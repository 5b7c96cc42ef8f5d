import {
  type FieldYieldResponse,
  fieldYieldResponseSchema,
} from '@baletrack/contracts/yield/yield';
import { useMutation, useQuery } from '@tanstack/react-query';
import { dataApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

/** Query keys of the yield feature. */
export const yieldKeys = {
  all: ['yield'] as const,
  year: (year: number) => [...yieldKeys.all, year] as const,
};

/** GET /yield: a crop year's yield per field, against the year before. */
export async function getFieldYield(
  year: number,
  signal?: AbortSignal,
): Promise<FieldYieldResponse> {
  return fieldYieldResponseSchema.parse(await dataApi.get('/yield', { query: { year }, signal }));
}

export function useFieldYield(year: number) {
  return useQuery({
    queryKey: yieldKeys.year(year),
    queryFn: ({ signal }) => getFieldYield(year, signal),
  });
}

/** GET /yield/csv as a file (fetched with the id token, then handed to the browser to save). */
export async function downloadFieldYield(year: number): Promise<void> {
  const file = await dataApi.file('/yield/csv', { query: { year } });
  downloadFile(file.blob, `baletrack-yield-${year}.csv`);
}

export function useDownloadFieldYield() {
  return useMutation({ mutationFn: downloadFieldYield });
}
