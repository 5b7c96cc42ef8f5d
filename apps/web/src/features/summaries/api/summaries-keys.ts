import type { BaleSummaryQuery, SummaryGrouping } from '@baletrack/contracts/summaries/summary';

/** Query keys of the summaries feature: the summary and its groups, per filter and dates. */
export const summariesKeys = {
  all: ['summaries'] as const,
  summary: (query: BaleSummaryQuery) => [...summariesKeys.all, 'summary', query] as const,
  groups: (query: BaleSummaryQuery, by: SummaryGrouping) =>
    [...summariesKeys.all, 'groups', by, query] as const,
  inventoryValue: () => [...summariesKeys.all, 'inventory-value'] as const,
};
