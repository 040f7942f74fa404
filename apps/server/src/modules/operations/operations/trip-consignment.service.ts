import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './operations.repository.ts';

/**
 * A confirmed marketplace load becomes a consignment on its trip, with the trip's vehicle placed for
 * loading at the load's time (ADR 130). Called by the token payment inside its transaction.
 */
export async function consignmentForConfirmedLoad(
  tx: Db,
  input: {
    tripId: string;
    operatorId: OperatorId;
    vehicleId: string;
    consignerCode: ConsignerCode;
    originCity: string;
    destinationCity: string;
    bodyType: string;
    material: string;
    tonnage: number;
    loadingAt: Date;
    freightPaisa: number;
  },
) {
  const existing = await repo.findConsignmentByTrip(tx, { tripId: input.tripId });
  if (existing) return existing.id;
  const lane = (await repo.listLanes(tx)).find((l) => l.originCity === input.originCity && l.destinationCity === input.destinationCity);
  const id = newId('CSG');
  const code = `BH${input.loadingAt.getFullYear() % 100}${newId('', 6)
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()}`;
  const saved = await repo.insertConsignment(tx, {
    id,
    code,
    tripId: input.tripId,
    consignerCode: input.consignerCode,
    operatorId: input.operatorId,
    laneCode: lane?.code ?? null,
    originCity: input.originCity,
    destinationCity: input.destinationCity,
    loadType: input.bodyType === 'CONTAINER' ? 'CONTAINER' : 'FTL',
    material: input.material,
    weightKg: Math.max(1, Math.round(input.tonnage * 1000)),
    freightPaisa: input.freightPaisa,
  });
  await repo.insertAudit(tx, {
    consignmentId: id,
    actorId: 'SYSTEM',
    actorName: 'Marketplace',
    action: 'CREATED',
    before: null,
    after: { tripId: input.tripId },
  });
  const vehicle = await repo.findVehicleBrief(tx, { vehicleId: input.vehicleId });
  if (vehicle) {
    await repo.insertScheduled(tx, {
      id: newId('SCH'),
      consignmentId: saved.id,
      vehicleId: input.vehicleId,
      vehicleNumber: vehicle.number,
      operatorId: input.operatorId,
      consignerCode: input.consignerCode,
      laneCode: saved.laneCode,
      state: 'SCHEDULED',
      scheduledAt: input.loadingAt,
      eta: new Date(input.loadingAt.getTime() + 36 * 3_600_000),
      lat: vehicle.lat,
      lng: vehicle.lng,
      positionAt: vehicle.lat === null ? null : new Date(),
    });
  }
  return id;
}
