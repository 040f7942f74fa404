import type { MemoCatalogue } from './memos.ts';

/** Ledger memos in English: also the text kept in the journal for the audit trail. */
export const MEMOS_EN: MemoCatalogue = {
  memos: {
    tripAdvance: ({ trip }) => `Advance for trip ${trip}`,
    tripTokenReturned: ({ trip }) => `Token returned for trip ${trip}`,
    tripBalance: ({ trip }) => `Balance for trip ${trip}`,
    tripTokenKept: ({ trip }) => `Token on cancelled trip ${trip}`,
    demoTripToken: ({ trip }) => `Token for demo trip ${trip}`,
    loadToken: ({ load, from, to }) => `Token for load ${load} (${from} → ${to})`,
    loadTokenCancelled: ({ load, refundPaisa, feePaisa }, t) =>
      `Token cancelled for load ${load}: refund ${t.money(refundPaisa)}, fee ${t.money(feePaisa)}`,
    autoRecharge: ({ vehicle }) => `Auto-recharge for ${vehicle}`,
    fastagRecharge: ({ vehicle }) => `Fastag recharge for ${vehicle}`,
    tollReversal: ({ plaza }) => `Toll reversal at ${plaza}`,
    toll: ({ plaza }) => `Toll at ${plaza}`,
    referralReward: ({ name }) => `Referral reward: ${name} completed a first trip`,
    collection: ({ collection, consignment }) => `Collection ${collection} for consignment ${consignment}`,
    moneyAdded: ({ method }) => `Added money via ${method}`,
    walletTopUp: () => 'Money added to wallet',
    rechargeFromWallet: () => 'Recharge from wallet',
    autoRechargeFromWallet: () => 'Auto-recharge from wallet',
    demoOpeningBalance: () => 'Demo opening balance',
    membership: ({ plan, days }) => `${plan}: ${days} days`,
  },
  payMethods: {
    UPI: 'UPI',
    NB: 'Net Banking',
    CC: 'Credit Card',
    DC: 'Debit Card',
    CARD: 'Card',
    WALLET: 'Wallet',
    OTHER: 'online payment',
  },
  plans: {},
};
