import { type DataExport, dataExportSchema } from '@baletrack/contracts/account/data-export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/features/account/api/account-keys';
import { dataApi } from '@/lib/api-client';

/** POST /reports/email-user-data: queues the ZIP of all the organization's data (owner). */
export async function requestDataExport(): Promise<DataExport> {
  return dataExportSchema.parse(await dataApi.post('/reports/email-user-data'));
}

/** Asks for the export; its answer becomes the latest export, which then polls its progress. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (queued) => {
      queryClient.setQueryData(accountKeys.dataExport(), queued);
      void queryClient.invalidateQueries({ queryKey: accountKeys.governance() });
    },
  });
}
