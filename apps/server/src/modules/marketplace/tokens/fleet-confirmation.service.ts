import {
  type EligibleVehicle,
  type FleetLoadConfirmation,
  SHARE_LINK_TTL_SECONDS,
  type SharedConfirmationQuery,
  type SharedFleetConfirmation,
  TOKENS_MESSAGES,
} from '@bhada/contracts/marketplace/tokens';
import type { Db } from '../../../db/client.ts';
import { hmac, safeEqual } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { findDemand } from '../board/demands.repository.ts';
import { laneName, toEligible, toRupees, wonDemand } from './token-access.ts';
import * as repo from './tokens.repository.ts';

/** spec §3 "Fleet load confirmation" (the /public/fleet-load-confirmation page). */
export async function fleetLoadConfirmation(
  db: Db,
  operatorId: OperatorId,
  demandId: string,
  now = new Date(),
): Promise<FleetLoadConfirmation> {
  const demand = await wonDemand(db, operatorId, demandId);
  const row = await repo.findToken(db, { demandId, operatorId });
  let vehicles: EligibleVehicle[] = [];
  if (row?.vehicleId) {
    const v = await repo.findVehicle(db, { operatorId, vehicleId: row.vehicleId });
    if (v) vehicles = [toEligible(v, demand, new Map())];
  }
  return {
    demandId,
    laneName: laneName(demand),
    tokenAmount: toRupees(demand.tokenAmountPaisa),
    status: row?.status ?? 'AWAITING_TOKEN',
    opQuote: toRupees(demand.awardedPricePaisa ?? 0),
    tripId: row?.tripId ?? null,
    vehicles,
    vehicleProximityWarning: vehicles.some((v) => v.vehicleProximityWarning),
    loadingTimeRemaining: Math.max(0, Math.floor((demand.loadingAt.getTime() - now.getTime()) / 1000)),
    loadingAt: demand.loadingAt.toISOString(),
    contact: row?.driverName && row.driverPhone ? { driverName: row.driverName, driverNumber: row.driverPhone } : null,
  };
}

/**
 * ADR 142: the public confirmation page is reached only through a link signed with the app secret
 * over the load, the operator it is awarded to and the expiry. A changed award or any edited
 * parameter breaks the signature; the link never opens another load.
 */
const shareText = (demandId: string, operatorId: OperatorId, exp: number) => `fleet-load-confirmation\n${demandId}\n${operatorId}\n${exp}`;

export async function shareLink(db: Db, secret: string, operatorId: OperatorId, demandId: string, now = new Date()) {
  await wonDemand(db, operatorId, demandId);
  const exp = Math.floor(now.getTime() / 1000) + SHARE_LINK_TTL_SECONDS;
  const sig = hmac(secret, shareText(demandId, operatorId, exp));
  const query = new URLSearchParams({ demandId, exp: String(exp), sig });
  return { path: `/public/fleet-load-confirmation?${query}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function sharedConfirmation(
  db: Db,
  secret: string,
  q: SharedConfirmationQuery,
  now = new Date(),
): Promise<SharedFleetConfirmation> {
  const demand = await findDemand(db, q.demandId);
  const operatorId = demand?.awardedOperatorId;
  // the signature is checked before the expiry, so a forged link learns nothing about the load
  if (!operatorId || !safeEqual(q.sig, hmac(secret, shareText(q.demandId, operatorId, q.exp)))) {
    throw new AppError('SHARE_LINK_INVALID', TOKENS_MESSAGES.shareLinkInvalid);
  }
  if (q.exp * 1000 < now.getTime()) throw new AppError('SHARE_LINK_EXPIRED', TOKENS_MESSAGES.shareLinkExpired);
  const c = await fleetLoadConfirmation(db, operatorId, q.demandId, now);
  return {
    demandId: c.demandId,
    laneName: c.laneName,
    status: c.status,
    tripId: c.tripId,
    loadingAt: c.loadingAt,
    loadingTimeRemaining: c.loadingTimeRemaining,
    vehicles: c.vehicles.map((v) => ({ vehicleNumber: v.vehicleNumber, vehicleType: v.vehicleType })),
    contact: c.contact,
    expiresAt: new Date(q.exp * 1000).toISOString(),
  };
}
