/** Query keys of the users feature (the owner's sub-accounts). */
export const usersKeys = {
  all: ['users'] as const,
  subAccounts: () => [...usersKeys.all, 'sub-accounts'] as const,
};
