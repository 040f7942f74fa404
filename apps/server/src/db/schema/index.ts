// Every table, one file per domain; each domain adds one export line here.
export * from './foundation.ts';
export * from './ledger.ts';
export * from './payment-orders-core.ts';
export * from './trips-core.ts';
