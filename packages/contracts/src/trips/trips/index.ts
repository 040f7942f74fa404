/** The trips area's contracts, one file per section; importers keep using `@bhada/contracts/trips`. */

export * from './admin.ts';
export * from './cancel.ts';
export * from './geo-check.ts';
export * from './invoice.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './schedule.ts';
export * from './shapes.ts';
export * from './stages.ts';
export * from './states.ts';
