/**
 * Query keys of the data several features read (ADR 099). Each lives under the area that owns it
 * on the server, so invalidating that area ('wallet', 'consigner', 'loads') refreshes it too.
 */
export const sharedKeys = {
  walletBalance: () => ['wallet', 'balance'] as const,
  tripBalances: () => ['consigner', 'balances'] as const,
};
