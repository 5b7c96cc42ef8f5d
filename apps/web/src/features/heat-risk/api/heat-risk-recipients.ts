import {
  type HeatRiskRecipients,
  heatRiskRecipientsSchema,
} from '@baletrack/contracts/heat-risk/heat-risk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { heatRiskKeys } from '@/features/heat-risk/api/heat-risk-keys';
import { dataApi } from '@/lib/api-client';

/** GET /heat-risk/recipients: who besides the owner gets the daily mail (owner only). */
export async function getHeatRiskRecipients(signal?: AbortSignal): Promise<HeatRiskRecipients> {
  return heatRiskRecipientsSchema.parse(await dataApi.get('/heat-risk/recipients', { signal }));
}

/** PUT /heat-risk/recipients: replaces the choice; answers the stored one. */
export async function saveHeatRiskRecipients(
  choice: HeatRiskRecipients,
): Promise<HeatRiskRecipients> {
  return heatRiskRecipientsSchema.parse(
    await dataApi.put('/heat-risk/recipients', { body: choice }),
  );
}

export function useHeatRiskRecipients() {
  return useQuery({
    queryKey: heatRiskKeys.recipients(),
    queryFn: ({ signal }) => getHeatRiskRecipients(signal),
  });
}

export function useSaveHeatRiskRecipients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHeatRiskRecipients,
    onSuccess: (saved) => queryClient.setQueryData(heatRiskKeys.recipients(), saved),
  });
}
