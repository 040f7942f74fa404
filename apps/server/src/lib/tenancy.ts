/**
 * Tenant identifiers as distinct types (ADR 086): a repository function that takes an `OperatorId`
 * cannot be handed a trip id, a load id or a consigner code by mistake, and "all operators" is never a
 * null operator but a separately named admin query.
 */
declare const tenant: unique symbol;
type Branded<T, B extends string> = T & { readonly [tenant]: B };

/** an operator (fleet owner) the actor acts for */
export type OperatorId = Branded<string, 'OperatorId'>;
/** a consigner (shipper) account */
export type ConsignerCode = Branded<string, 'ConsignerCode'>;

/** Only at trust boundaries: the session (auth plugin), seed data and tests. */
export const asOperatorId = (id: string) => id as OperatorId;
export const asConsignerCode = (code: string) => code as ConsignerCode;
