import {
  type AutomatedReport,
  automatedReportSchema,
  type CreateAutomatedReportRequest,
} from '@baletrack/contracts/automated-reports/automated-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automatedReportsKeys } from '@/features/automated-reports/api/automated-reports-keys';
import { dataApi } from '@/lib/api-client';

/** POST /autoreport/settings (a new report) or PUT (an existing one, its id in the body). */
export async function saveAutomatedReport(input: {
  id?: string;
  settings: CreateAutomatedReportRequest;
}): Promise<AutomatedReport> {
  const answer = input.id
    ? await dataApi.put('/autoreport/settings', { body: { id: input.id, ...input.settings } })
    : await dataApi.post('/autoreport/settings', { body: input.settings });
  return automatedReportSchema.parse(answer);
}

export function useSaveAutomatedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutomatedReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automatedReportsKeys.list() }),
  });
}
