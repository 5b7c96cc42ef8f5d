/** Query keys of the inventory feature. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  prices: () => [...inventoryKeys.all, 'prices'] as const,
  value: (asOf: string | undefined) => [...inventoryKeys.all, 'value', asOf ?? 'today'] as const,
};
