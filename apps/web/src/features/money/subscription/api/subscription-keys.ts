export const subscriptionKeys = {
  all: ['subscription'] as const,
  config: () => [...subscriptionKeys.all, 'config'] as const,
};
