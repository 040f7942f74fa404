export const tokensKeys = {
  all: ['tokens'] as const,
  details: (demandId: string) => [...tokensKeys.all, 'details', demandId] as const,
  vehicles: (demandId: string) => [...tokensKeys.all, 'vehicles', demandId] as const,
  phonebook: (demandId: string) => [...tokensKeys.all, 'phonebook', demandId] as const,
  confirmation: (demandId: string) => [...tokensKeys.all, 'confirmation', demandId] as const,
  cancelPreview: (demandId: string) => [...tokensKeys.all, 'cancel-preview', demandId] as const,
};
