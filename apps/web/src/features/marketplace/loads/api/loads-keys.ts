/** Every query key of the loads area is rooted at 'loads', so one invalidation reaches them all. */
export const loadsKeys = {
  all: ['loads'] as const,
  tabs: () => [...loadsKeys.all, 'tabs'] as const,
  list: (stateId: string, page: number, filters: Record<string, string | undefined> = {}) =>
    [...loadsKeys.all, 'list', stateId, page, filters] as const,
  searchOptions: (action: string) => [...loadsKeys.all, 'search-option', action] as const,
  detail: (demandId: string) => [...loadsKeys.all, 'detail', demandId] as const,
  banners: (page: string) => [...loadsKeys.all, 'banners', page] as const,
  places: (text: string) => [...loadsKeys.all, 'places', text] as const,
  demands: (page: number) => [...loadsKeys.all, 'demands', page] as const,
  demandQuotes: (demandId: string) => [...loadsKeys.all, 'demand-quotes', demandId] as const,
};
