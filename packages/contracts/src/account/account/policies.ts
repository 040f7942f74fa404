import { z } from 'zod';

// The account area: policies.

export const POLICY_TYPES = [
  'privacy-operator',
  'privacy-thor',
  'privacy-consigner',
  'privacy-hulk',
  'privacy-pump',
  'terms-of-use',
  'terms-of-use-agent',
  'terms-of-use-consigner',
  'cookie-policy',
  'insurance-consigner-terms',
  'demand-cancellation',
  'demand-modification',
  'detention',
  'cancellation',
  'token-refund',
  'gtl-delay',
  'over-height',
  'over-load',
  'service-blacklist',
  'loading-unloading',
  'tds',
  'damage-shortage',
  'transit-delay',
] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const policyTypeSchema = z.enum(POLICY_TYPES);

/** The versions in force; raising one asks every operator to accept it again at the next login. */
export const POLICY_VERSIONS: Record<PolicyType, number> = Object.fromEntries(POLICY_TYPES.map((t) => [t, 1])) as Record<
  PolicyType,
  number
>;
/** Policies an operator accepts to use the marketplace (asked at login when a version is new). */
export const OPERATOR_ACCEPTED_POLICIES: PolicyType[] = [
  'terms-of-use',
  'privacy-operator',
  'token-refund',
  'damage-shortage',
  'cancellation',
];

export const policyQuerySchema = z.object({ type: policyTypeSchema });
export const policyStatusSchema = z.object({
  type: policyTypeSchema,
  version: z.number().int(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
});
export const policyAcceptSchema = z.object({ type: policyTypeSchema, version: z.number().int().min(1) });
export const pendingPoliciesSchema = z.object({ pending: z.array(z.object({ type: policyTypeSchema, version: z.number().int() })) });
