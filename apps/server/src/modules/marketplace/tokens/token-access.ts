import { type EligibleVehicle, PROXIMITY_WARNING_KM, type Token } from '@bhada/contracts/marketplace/tokens';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { roadKm } from '../../../lib/geo.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { type DemandRow, findDemand } from '../board/demands.repository.ts';
import * as repo from './tokens.repository.ts';

/** What every token call shares: who may see the load, and how a token and a vehicle are shown. */
export const toRupees = (paisa: number) => paisa / 100;
export const wallet = accounts.operatorWallet;
export const escrow = accounts.tokenEscrow;
export const laneName = (d: DemandRow) => `${d.originCity} → ${d.destinationCity}`;

/**
 * The load as its winner sees it for the token flow. Anyone else — including an operator that lost,
 * or the previous winner after the consigner changed the award — gets 404.
 */
export async function wonDemand(db: Db, operatorId: OperatorId, demandId: string): Promise<DemandRow> {
  const demand = await findDemand(db, demandId);
  if (
    !demand ||
    demand.awardedOperatorId !== operatorId ||
    !['AWARDED', 'CONFIRMED', 'IN_TRIP', 'CLOSED', 'CANCELLED'].includes(demand.state)
  ) {
    throw notFound('Load not found');
  }
  return demand;
}

export function toToken(row: repo.TokenRow, vehicleNumber: string | null): Token {
  return {
    tokenId: row.id,
    demandId: row.demandId,
    status: row.status,
    tokenAmount: toRupees(row.amountPaisa),
    vehicleId: row.vehicleId,
    vehicleNumber,
    driverName: row.driverName,
    driverNumber: row.driverPhone,
    tripId: row.tripId,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    refundAmount: row.refundPaisa == null ? null : toRupees(row.refundPaisa),
  };
}

export type VehicleRow = Awaited<ReturnType<typeof repo.listOperatorVehicles>>[number];

/** A vehicle fits a load when it is verified, has the load's body type and carries its weight. */
export const fits = (v: VehicleRow, d: DemandRow) =>
  v.status === 'VERIFIED' && v.bodyType === d.bodyType && Number(v.tonnage) >= Number(d.tonnage);

export function toEligible(v: VehicleRow, d: DemandRow, busy: Map<string, string>): EligibleVehicle {
  const point = d.loadingPoints[0] ?? { lat: d.originLat, lng: d.originLng };
  const distanceKm = v.lat == null || v.lng == null ? null : roadKm({ lat: v.lat, lng: v.lng }, point);
  return {
    vehicleId: v.id,
    vehicleNumber: v.number,
    vehicleType: v.vehicleType,
    bodyType: v.bodyType,
    currentCity: v.currentCity,
    distanceKm,
    vehicleProximityWarning: distanceKm === null || distanceKm > PROXIMITY_WARNING_KM,
    available: !busy.has(v.id),
    busyTripId: busy.get(v.id) ?? null,
  };
}

export async function vehicleNumberOf(db: Db, operatorId: OperatorId, vehicleId: string | null) {
  if (!vehicleId) return null;
  return (await repo.findVehicle(db, { operatorId, vehicleId }))?.number ?? null;
}
