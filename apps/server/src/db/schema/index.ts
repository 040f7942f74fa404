// Every table, one file per domain; each domain adds one export line here.
// account (issue 13)
export * from './account.ts';
// the driver's link (issue 49)
export * from './driver.ts';
export * from './fastag.ts';
export * from './fleet.ts';
export * from './foundation.ts';
export * from './ledger.ts';
export * from './marketplace.ts';
// messages (issue 46)
export * from './messages.ts';
export * from './operations.ts';
export * from './payment-orders-core.ts';
export * from './payments.ts';
// places (issue 13 point 7)
export * from './places.ts';
export * from './subscription.ts';
export * from './support.ts';
export * from './tracking.ts';
export * from './trips.ts';
export * from './trips-core.ts';
