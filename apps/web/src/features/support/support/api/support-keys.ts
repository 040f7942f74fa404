export const supportKeys = {
  all: ['support'] as const,
  tickets: (pageNo: number, status?: string) => [...supportKeys.all, 'tickets', pageNo, status ?? 'ALL'] as const,
  ticket: (id: string) => [...supportKeys.all, 'ticket', id] as const,
  desk: (status: string) => [...supportKeys.all, 'desk', status] as const,
  deskTicket: (id: string) => [...supportKeys.all, 'desk-ticket', id] as const,
  survey: () => [...supportKeys.all, 'survey'] as const,
  rating: () => [...supportKeys.all, 'rating-story'] as const,
  training: (page: number) => [...supportKeys.all, 'training', page] as const,
  rateCards: () => [...supportKeys.all, 'rate-cards'] as const,
  referral: () => [...supportKeys.all, 'referral'] as const,
};
