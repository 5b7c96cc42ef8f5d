import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automatedReportsKeys } from '@/features/automated-reports/api/automated-reports-keys';
import { dataApi } from '@/lib/api-client';

/** DELETE /autoreport/settings/{id}: nothing more is sent. */
export async function deleteAutomatedReport(id: string): Promise<void> {
  await dataApi.delete(`/autoreport/settings/${encodeURIComponent(id)}`);
}

export function useDeleteAutomatedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomatedReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automatedReportsKeys.list() }),
  });
}
