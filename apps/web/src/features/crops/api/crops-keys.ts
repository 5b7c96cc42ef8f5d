/** Query keys of the crops feature. */
export const cropsKeys = {
  all: ['crops'] as const,
  list: () => [...cropsKeys.all, 'list'] as const,
};
