/** Every query key of the trips area is rooted at 'trips', so one invalidation reaches them all. */
export const tripsKeys = {
  all: ['trips'] as const,
  list: (filter: string, pageNo: number) => [...tripsKeys.all, 'list', filter, pageNo] as const,
  filters: (selected: string) => [...tripsKeys.all, 'filters', selected] as const,
  detail: (tripId: string) => [...tripsKeys.all, 'detail', tripId] as const,
  transactions: (tripId: string) => [...tripsKeys.all, 'transactions', tripId] as const,
  expenses: (tripId: string) => [...tripsKeys.all, 'expenses', tripId] as const,
  cancelConfirmation: (tripId: string) => [...tripsKeys.all, 'cancel-confirmation', tripId] as const,
  reasons: (tripId: string, action: string) => [...tripsKeys.all, 'reasons', tripId, action] as const,
  policy: (tripId: string, type: string) => [...tripsKeys.all, 'policy', tripId, type] as const,
  slots: (tripId: string, location: string) => [...tripsKeys.all, 'slots', tripId, location] as const,
  delay: (tripId: string, type: string) => [...tripsKeys.all, 'delay', tripId, type] as const,
  bilti: (tripId: string) => [...tripsKeys.all, 'bilti', tripId] as const,
  stageView: (tripId: string) => [...tripsKeys.all, 'stage-view', tripId] as const,
  driverLink: (tripId: string) => [...tripsKeys.all, 'driver-link', tripId] as const,
};
