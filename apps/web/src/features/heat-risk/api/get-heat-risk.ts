import {
  type HeatRiskResponse,
  heatRiskResponseSchema,
} from '@baletrack/contracts/heat-risk/heat-risk';
import { useQuery } from '@tanstack/react-query';
import { heatRiskKeys } from '@/features/heat-risk/api/heat-risk-keys';
import { dataApi } from '@/lib/api-client';

/** GET /heat-risk: the bales and stacks at risk of heating, most urgent first. */
export async function getHeatRisk(signal?: AbortSignal): Promise<HeatRiskResponse> {
  return heatRiskResponseSchema.parse(await dataApi.get('/heat-risk', { signal }));
}

export function useHeatRisk() {
  return useQuery({
    queryKey: heatRiskKeys.list(),
    queryFn: ({ signal }) => getHeatRisk(signal),
    // Risk changes with the days since baling and with new bales, not with this page's actions.
    refetchInterval: 5 * 60_000,
  });
}
