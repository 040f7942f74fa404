import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';
import { type DemandRow, findDemand, findMyQuote } from './demands.repository.ts';

/**
 * Which loads an operator may read (ARCHITECTURE §4 "not yours answers 404"): any load open for
 * quotes, and afterwards only the loads it quoted on or won.
 */
export async function demandForOperator(db: Db, operatorId: OperatorId, demandId: string): Promise<DemandRow> {
  const demand = await findDemand(db, demandId);
  if (!demand) throw notFound('Load not found');
  if (demand.state === 'OPEN' || demand.awardedOperatorId === operatorId) return demand;
  if (await findMyQuote(db, { demandId, operatorId })) return demand;
  throw notFound('Load not found');
}

/** Consigners read only their own loads; admins read all. */
export async function demandForConsigner(db: Db, actor: { kind: string; consignerCode: ConsignerCode | null }, demandId: string) {
  const demand = await findDemand(db, demandId);
  if (!demand) throw notFound('Load not found');
  if (actor.kind === 'ADMIN' || (actor.consignerCode && demand.consignerCode === actor.consignerCode)) return demand;
  throw notFound('Load not found');
}
