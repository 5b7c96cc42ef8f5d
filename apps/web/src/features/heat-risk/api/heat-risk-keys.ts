/** Query keys of the heat-risk feature. */
export const heatRiskKeys = {
  all: ['heat-risk'] as const,
  list: () => [...heatRiskKeys.all, 'list'] as const,
  recipients: () => [...heatRiskKeys.all, 'recipients'] as const,
};
