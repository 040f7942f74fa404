/**
 * The fleet area (issue 12, ADR 100): vehicles with their KYC documents, drivers, GPS orders and the
 * fleet map. spec: marketplace §3 "Vehicle listing", "Vehicle document upload", §7 "Vehicle documents";
 * fastag-payments-shell §7.4.
 */

export * from './drivers.ts';
export * from './fleet-map.ts';
export * from './gps.ts';
export * from './maintenance.ts';
export * from './trips-report.ts';
export * from './vehicles.ts';
