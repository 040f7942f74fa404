import type { EligibleVehicle } from '@bhada/contracts/marketplace/tokens';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { fits, toEligible, wonDemand } from './token-access.ts';
import * as repo from './tokens.repository.ts';

/** spec "demand/{id}/vehicles": the winner's vehicles that fit, free and nearest first. */
export async function eligibleVehicles(db: Db, operatorId: OperatorId, demandId: string): Promise<EligibleVehicle[]> {
  const demand = await wonDemand(db, operatorId, demandId);
  const [all, busy] = await Promise.all([repo.listOperatorVehicles(db, { operatorId }), repo.busyVehicleTrips(db, { operatorId })]);
  return all
    .filter((v) => fits(v, demand))
    .map((v) => toEligible(v, demand, busy))
    .sort((a, b) => Number(b.available) - Number(a.available) || (a.distanceKm ?? 1e9) - (b.distanceKm ?? 1e9));
}

export async function vehicleDetail(db: Db, operatorId: OperatorId, vehicleId: string, demandId?: string) {
  const v = await repo.findVehicle(db, { operatorId, vehicleId });
  if (!v) throw notFound('Vehicle not found');
  const busy = await repo.busyVehicleTrips(db, { operatorId });
  const demand = demandId ? await wonDemand(db, operatorId, demandId) : undefined;
  const base: EligibleVehicle = demand
    ? toEligible(v, demand, busy)
    : {
        vehicleId: v.id,
        vehicleNumber: v.number,
        vehicleType: v.vehicleType,
        bodyType: v.bodyType,
        currentCity: v.currentCity,
        distanceKm: null,
        vehicleProximityWarning: false,
        available: !busy.has(v.id),
        busyTripId: busy.get(v.id) ?? null,
      };
  return { ...base, tyreCount: v.tyreCount, tonnage: Number(v.tonnage), sizeInFeet: v.sizeInFeet, status: v.status };
}

export async function phonebook(db: Db, operatorId: OperatorId, demandId: string) {
  await wonDemand(db, operatorId, demandId);
  const [rows, busy] = await Promise.all([repo.listDrivers(db, { operatorId }), repo.busyDriverTrips(db, { operatorId })]);
  return rows.map((d) => ({ driverId: d.id, driverName: d.name, driverNumber: d.phone, busyTripId: busy.get(d.phone) ?? null }));
}
