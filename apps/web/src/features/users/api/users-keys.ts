/** Query keys of the users feature: the signed-in user, their organization and its sub-accounts. */
export const usersKeys = {
  all: ['users'] as const,
  currentUser: () => [...usersKeys.all, 'current-user'] as const,
  organization: () => [...usersKeys.all, 'organization'] as const,
  subAccounts: () => [...usersKeys.all, 'sub-accounts'] as const,
};
