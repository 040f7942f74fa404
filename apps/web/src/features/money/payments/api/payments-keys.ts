/** Query keys of the payments feature, rooted at the domain (STYLE §11). */
export const paymentsKeys = {
  all: ['payments'] as const,
  result: (orderId: string) => ['payments', 'result', orderId] as const,
  options: (orderId: string) => ['payments', 'options', orderId] as const,
  nbChannels: (orderId: string) => ['payments', 'nb-channels', orderId] as const,
};
