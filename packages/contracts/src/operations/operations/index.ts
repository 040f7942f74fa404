/**
 * The operations desk and the consigner's own views (ADR 130): consignments with their docket (lorry
 * receipt), goods invoices and e-way bill, collections against a consignment, consignees, vehicles
 * scheduled for loading with their map, and the consigner's vehicles and mailed reports.
 * spec: marketplace §2, §3, §7 "Consigner vehicles", "Consignment admin", "Trucking docket and scheduling".
 */
export * from './collections.ts';
export * from './consigner.ts';
export * from './consignments.ts';
export * from './docket.ts';
export * from './scheduled-vehicles.ts';
export * from './schemas.ts';
