/** Query keys of the filters feature. */
export const filterKeys = {
  all: ['filters'] as const,
  list: () => [...filterKeys.all, 'list'] as const,
  /**
   * What the form offers to choose from. Each key starts with its resource's name, so the
   * features that change fields, cuttings, crops or balers make these stale too.
   */
  choices: (resource: 'fields' | 'cuttings' | 'crops' | 'balers') =>
    [resource, 'filter-choices'] as const,
};
