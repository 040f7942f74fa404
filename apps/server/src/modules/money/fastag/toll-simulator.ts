import { type TagClass, type TollEvent, TXN_TYPES } from '@bhada/contracts/money/fastag';
import type { Db } from '../../../db/client.ts';
import { hmac } from '../../../lib/crypto.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { LANES, laneFor, tollFarePaisa } from './toll-plazas.ts';
import * as repo from './toll-simulator.repository.ts';

/** How the simulator reaches the webhook: the same raw body and signature the issuer would send. */
export type Deliver = (rawBody: string, signature: string) => Promise<{ status: number; body: unknown }>;

export const signIssuerBody = (secret: string, rawBody: string) => hmac(secret, rawBody);

/** A realistic crossing on the vehicle's lane (its plazas, its class fare). */
export function crossingFor(tag: { tagId: string; tagClass: number; vehicleNumber: string }, rand: () => number, at: Date): TollEvent {
  const lane = LANES[laneFor(tag.vehicleNumber)]!;
  const plaza = lane.plazas[Math.floor(rand() * lane.plazas.length)]!;
  // now and then the issuer reverses a double deduction
  const type = rand() < 0.03 ? TXN_TYPES[1] : TXN_TYPES[0];
  return {
    eventId: newId('EVT', 16),
    tagId: tag.tagId,
    type,
    amount: tollFarePaisa(plaza, tag.tagClass as TagClass),
    plaza: plaza.name,
    plazaCode: plaza.code,
    laneDirection: rand() < 0.5 ? 'ENTRY-UP' : 'ENTRY-DOWN',
    vehicleClass: tag.tagClass,
    crossedAt: at.toISOString(),
  };
}

/**
 * Posts `count` crossings of random active tags through the signed webhook — the demo fleet's live
 * toll history. The scheduled job calls it every few minutes; tests call it directly.
 */
export async function simulateTollCrossings(
  db: Db,
  opts: { secret: string; deliver: Deliver; count?: number; operatorIds?: OperatorId[]; rand?: () => number; now?: Date },
) {
  const rand = opts.rand ?? Math.random;
  const limit = opts.count ?? 5;
  const tags = opts.operatorIds
    ? await repo.pickActiveTagsOf(db, { limit, operatorIds: opts.operatorIds })
    : await repo.pickAnyActiveTags(db, { limit });
  const results: Array<{ event: TollEvent; status: number; body: unknown }> = [];
  for (const tag of tags) {
    const event = crossingFor(tag, rand, opts.now ?? new Date());
    const raw = JSON.stringify(event);
    const res = await opts.deliver(raw, signIssuerBody(opts.secret, raw));
    results.push({ event, ...res });
  }
  return results;
}
