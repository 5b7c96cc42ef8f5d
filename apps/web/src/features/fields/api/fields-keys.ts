/** Query keys of the fields feature. */
export const fieldsKeys = {
  all: ['fields'] as const,
  list: () => [...fieldsKeys.all, 'list'] as const,
};
