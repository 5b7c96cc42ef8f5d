/** Query keys of the settings feature: the organization's settings. */
export const settingsKeys = {
  all: ['settings'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
};
