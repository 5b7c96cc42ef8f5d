/** Query keys of the feedback feature. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  own: () => [...feedbackKeys.all, 'own'] as const,
  everyone: (search: string) => [...feedbackKeys.all, 'everyone', search] as const,
};
