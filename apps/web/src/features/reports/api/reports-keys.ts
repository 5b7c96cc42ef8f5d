import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';

/** Query keys of the reports feature: the bales of a report, per filter and dates. */
export const reportsKeys = {
  all: ['reports'] as const,
  bales: (query: BaleTimeFilter & { filterId: string }) =>
    [...reportsKeys.all, 'bales', query] as const,
};
