/** Where the phone is, to list the nearest stacks first. */
export interface Position {
  lat: number;
  lon: number;
}

/** Query keys of the audits feature: the stacks to audit, one stack's expected tags, its audits. */
export const auditsKeys = {
  all: ['audits'] as const,
  stacks: (position: Position | null) => [...auditsKeys.all, 'stacks', position] as const,
  stack: (stackId: string) => [...auditsKeys.all, 'stack', stackId] as const,
  history: (stackId: string) => [...auditsKeys.all, 'history', stackId] as const,
};

/**
 * What a recorded audit makes stale besides the audits: bales found here from elsewhere are
 * moved onto the stack, so the map, the bales' details and the inventory's stacks change.
 */
export const auditChangeKeys = [auditsKeys.all, ['map'], ['bales'], ['inventory']] as const;
