import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import type { BalesQuery } from '@baletrack/contracts/bales/bale-reads';

/** Query keys of the bales feature: one bale's and one stack's details, a view's bales. */
export const balesKeys = {
  all: ['bales'] as const,
  baleInfo: (uid: string) => [...balesKeys.all, 'bale-info', uid] as const,
  stackInfo: (stackId: string, filter: BaleTimeFilter & { filterId?: string }) =>
    [...balesKeys.all, 'stack-info', stackId, filter] as const,
  stackValue: (stackId: string) => [...balesKeys.all, 'stack-value', stackId] as const,
  inView: (view: BalesQuery) => [...balesKeys.all, 'in-view', view] as const,
};
