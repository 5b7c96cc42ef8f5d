/** Query keys of the authorized-emails feature. */
export const authorizedEmailsKeys = {
  all: ['authorized-emails'] as const,
  list: () => [...authorizedEmailsKeys.all, 'list'] as const,
};
