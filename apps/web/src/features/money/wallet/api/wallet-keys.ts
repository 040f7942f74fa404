/** Every query key of the wallet area is rooted at 'wallet'. */
export const walletKeys = {
  all: ['wallet'] as const,
  passbook: (fromTime: number, toTime: number) => [...walletKeys.all, 'passbook', fromTime, toTime] as const,
};
