/** Query keys of the subscriptions feature. */
export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  wallet: () => [...subscriptionsKeys.all, 'wallet'] as const,
  pricing: () => [...subscriptionsKeys.all, 'pricing'] as const,
  promotion: () => [...subscriptionsKeys.all, 'promotion'] as const,
  baler: (balerId: string) => [...subscriptionsKeys.all, 'baler', balerId] as const,
};
