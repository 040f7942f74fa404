export const subscriptionKeys = {
  all: ['subscription'] as const,
  config: () => [...subscriptionKeys.all, 'config'] as const,
  wallet: () => [...subscriptionKeys.all, 'wallet'] as const,
};
