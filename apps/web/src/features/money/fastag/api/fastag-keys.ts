import type { TxnType } from '@bhada/contracts/money/fastag';

/** Every query key of the Fastag area is rooted at 'fastag'. */
export const fastagKeys = {
  all: ['fastag'] as const,
  list: (searchText: string) => [...fastagKeys.all, 'list', searchText] as const,
  overview: (vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) =>
    [...fastagKeys.all, 'overview', vehicleId, fromTime, toTime, txnType ?? 'ALL'] as const,
  transactions: (vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) =>
    [...fastagKeys.all, 'transactions', vehicleId, fromTime, toTime, txnType ?? 'ALL'] as const,
};
