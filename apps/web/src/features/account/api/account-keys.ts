/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  governance: () => [...accountKeys.all, 'governance'] as const,
  dataExport: () => [...accountKeys.all, 'data-export'] as const,
};
