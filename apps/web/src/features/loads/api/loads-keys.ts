/** Query keys of the loads feature: the list and each load with its bales and links. */
export const loadsKeys = {
  all: ['loads'] as const,
  list: () => [...loadsKeys.all, 'list'] as const,
  load: (loadId: string) => [...loadsKeys.all, 'load', loadId] as const,
};

/**
 * What shipping a load makes stale besides the loads: its bales are loaded out, so the hay on
 * hand (inventory, the stacks' value, the summaries' value) and the heat-risk watch list change.
 */
export const shipChangeKeys = [
  loadsKeys.all,
  ['inventory'],
  ['heat-risk'],
  ['bales'],
  ['summaries'],
] as const;
