/** Query keys of the account feature: the signed-in user and their organization. */
export const accountKeys = {
  all: ['account'] as const,
  currentUser: () => [...accountKeys.all, 'current-user'] as const,
  organization: () => [...accountKeys.all, 'organization'] as const,
};
