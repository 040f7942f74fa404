/** Query keys of the quotes area (the load details page with its quote sheet). */
export const quotesKeys = {
  all: ['quotes'] as const,
  load: (demandId: string) => [...quotesKeys.all, 'load', demandId] as const,
  quality: (demandId: string, value: number | null) => [...quotesKeys.all, 'quality', demandId, value] as const,
};
