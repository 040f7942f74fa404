export const podKeys = {
  all: ['pod'] as const,
  details: (tripId: string) => [...podKeys.all, 'details', tripId] as const,
  adminQueue: (pageNo: number) => [...podKeys.all, 'admin-queue', pageNo] as const,
};
