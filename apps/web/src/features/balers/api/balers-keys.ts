/** Query keys of the balers feature. */
export const balersKeys = {
  all: ['balers'] as const,
  list: () => [...balersKeys.all, 'list'] as const,
};
