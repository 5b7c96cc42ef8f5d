/** Query keys of the filters feature. */
export const filterKeys = {
  all: ['filters'] as const,
  list: () => [...filterKeys.all, 'list'] as const,
};
