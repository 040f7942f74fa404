import { ACCOUNT_MESSAGES, OPERATOR_ACCEPTED_POLICIES, POLICY_VERSIONS, type PolicyType } from '@bhada/contracts/account/account';
import type { ServiceContext } from '../../../lib/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './account.repository.ts';

/** spec "GET policy (type)": the version in force and whether this operator accepted it. */
export async function policyStatus(ctx: ServiceContext, p: { operatorId: OperatorId; type: PolicyType }) {
  const version = POLICY_VERSIONS[p.type];
  const accepted = (await repo.listAcceptances(ctx.db, p)).find((a) => a.type === p.type && a.version === version);
  return { type: p.type, version, accepted: Boolean(accepted), acceptedAt: accepted?.acceptedAt.toISOString() ?? null };
}

/** spec "POST policy": records acceptance of the version in force, once; an old version is refused. */
export async function acceptPolicy(ctx: ServiceContext, p: { operatorId: OperatorId; userId: string; type: PolicyType; version: number }) {
  if (p.version !== POLICY_VERSIONS[p.type]) throw badRequest(ACCOUNT_MESSAGES.policyVersion, 'version');
  await repo.insertAcceptance(ctx.db, p);
  return policyStatus(ctx, p);
}

/** The policies whose version in force the operator has not accepted: asked at the next login. */
export async function pendingPolicies(ctx: ServiceContext, p: { operatorId: OperatorId; versions?: Record<PolicyType, number> }) {
  const versions = p.versions ?? POLICY_VERSIONS;
  const done = new Set((await repo.listAcceptances(ctx.db, p)).map((a) => `${a.type}@${a.version}`));
  return {
    pending: OPERATOR_ACCEPTED_POLICIES.filter((type) => !done.has(`${type}@${versions[type]}`)).map((type) => ({
      type,
      version: versions[type],
    })),
  };
}
