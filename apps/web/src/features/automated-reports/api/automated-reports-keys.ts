/** Query keys of the automated reports feature. */
export const automatedReportsKeys = {
  all: ['automated-reports'] as const,
  list: () => [...automatedReportsKeys.all, 'list'] as const,
};
