/** Query keys of the admin feature (SuperAdmins' screen). */
export const adminKeys = {
  all: ['admin'] as const,
  organizations: (query: { search: string; offset: number }) =>
    [...adminKeys.all, 'organizations', query] as const,
  registry: (search: string) => [...adminKeys.all, 'baler-registry', search] as const,
};
