import {
  type Driver,
  type DriverRequest,
  FLEET_MESSAGES,
  fleetStateOf,
  formatVehicleNumber,
  type GpsOrderStatus,
} from '@bhada/contracts/fleet/fleet';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as tracking from '../../trips/tracking/tracking.service.ts';
import * as repo from './fleet.repository.ts';
import * as vehiclesRepo from './vehicles.repository.ts';
import { ownVehicle } from './vehicles.service.ts';

// drivers

export async function listDrivers(ctx: ServiceContext, input: { operatorId: OperatorId }): Promise<Driver[]> {
  return (await repo.listDrivers(ctx.db, input)).map((r) => ({
    driverId: r.driver.id,
    name: r.driver.name,
    phone: r.driver.phone,
    licenceNumber: r.driver.licenceNumber,
    licenceExpiry: r.driver.licenceExpiry,
    vehicleId: r.driver.vehicleId,
    vehicleNumber: r.vehicleNumber ? formatVehicleNumber(r.vehicleNumber) : null,
    tripsDriven: Number(r.tripsDriven),
    onActiveTrip: Boolean(r.onActiveTrip),
  }));
}

async function driverOut(ctx: ServiceContext, operatorId: OperatorId, driverId: string) {
  const found = (await listDrivers(ctx, { operatorId })).find((d) => d.driverId === driverId);
  if (!found) throw notFound(FLEET_MESSAGES.driverNotFound);
  return found;
}

export async function addDriver(ctx: ServiceContext, input: { operatorId: OperatorId; driver: DriverRequest }) {
  const d = input.driver;
  if (d.vehicleId) await ownVehicle(ctx, { operatorId: input.operatorId, vehicleId: d.vehicleId });
  const saved = await repo.insertDriver(ctx.db, {
    id: newId('DRV'),
    operatorId: input.operatorId,
    name: d.name,
    phone: d.phone,
    licenceNumber: d.licenceNumber ?? null,
    licenceExpiry: d.licenceExpiry ?? null,
    vehicleId: d.vehicleId ?? null,
  });
  if (!saved) throw new AppError('PHONE_TAKEN', FLEET_MESSAGES.driverPhoneTaken, { field: 'phone' });
  return driverOut(ctx, input.operatorId, saved.id);
}

export async function editDriver(ctx: ServiceContext, input: { operatorId: OperatorId; driverId: string; driver: DriverRequest }) {
  const d = input.driver;
  const current = await repo.findDriver(ctx.db, input);
  if (!current) throw notFound(FLEET_MESSAGES.driverNotFound);
  if (d.vehicleId) await ownVehicle(ctx, { operatorId: input.operatorId, vehicleId: d.vehicleId });
  try {
    await repo.updateDriver(ctx.db, {
      operatorId: input.operatorId,
      driverId: input.driverId,
      patch: {
        name: d.name,
        phone: d.phone,
        licenceNumber: d.licenceNumber === undefined ? undefined : d.licenceNumber,
        licenceExpiry: d.licenceExpiry === undefined ? undefined : d.licenceExpiry,
        vehicleId: d.vehicleId === undefined ? undefined : d.vehicleId,
      },
    });
  } catch (error) {
    // the (operator, phone) unique index: another of the operator's drivers has this phone
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505')
      throw new AppError('PHONE_TAKEN', FLEET_MESSAGES.driverPhoneTaken, { field: 'phone' });
    throw error;
  }
  return driverOut(ctx, input.operatorId, input.driverId);
}

/** A driver on an active trip stays; trips keep their driver's name and phone, so history is intact. */
export async function removeDriver(ctx: ServiceContext, input: { operatorId: OperatorId; driverId: string }) {
  const current = await repo.findDriver(ctx.db, input);
  if (!current) throw notFound(FLEET_MESSAGES.driverNotFound);
  if (await repo.driverOnActiveTrip(ctx.db, { operatorId: input.operatorId, phone: current.phone }))
    throw new AppError('CONFLICT', FLEET_MESSAGES.driverOnTrip);
  await repo.deleteDriver(ctx.db, input);
  return { ok: true as const };
}

// GPS

const GPS_PRODUCT = {
  productName: 'Bhada GPS tracker',
  features: ['LIVE_LOCATION', 'TRIP_HISTORY', 'IGNITION_ALERTS', 'FASTAG_TOGETHER'],
  images: ['/gps/tracker-front.svg', '/gps/tracker-fitted.svg'],
  priceInPaisa: 0,
};

function toOrder(o: repo.GpsOrderRow, vehicleNumber: string) {
  return {
    orderId: o.id,
    vehicleId: o.vehicleId,
    vehicleNumber: formatVehicleNumber(vehicleNumber),
    status: o.status,
    scheduledFor: o.scheduledFor,
    deviceId: o.deviceId,
    createdAt: o.createdAt.toISOString(),
  };
}

export async function gpsInfo(ctx: ServiceContext, input: { operatorId: OperatorId }) {
  const orders = await repo.listGpsOrders(ctx.db, input);
  return {
    ...GPS_PRODUCT,
    features: [...GPS_PRODUCT.features],
    images: [...GPS_PRODUCT.images],
    orders: orders.map((r) => toOrder(r.order, r.vehicleNumber)),
  };
}

/** Eligible when the vehicle is verified, has no active device and no open order. */
export async function gpsEligibility(ctx: ServiceContext, input: { operatorId: OperatorId; vehicleId: string }) {
  const vehicle = await ownVehicle(ctx, input);
  const reason =
    vehicle.status !== 'VERIFIED'
      ? ('NOT_VERIFIED' as const)
      : (await vehiclesRepo.hasActiveDevice(ctx.db, { vehicleId: vehicle.id }))
        ? ('HAS_DEVICE' as const)
        : (await repo.openGpsOrderOfVehicle(ctx.db, { vehicleId: vehicle.id }))
          ? ('ORDER_OPEN' as const)
          : ('ELIGIBLE' as const);
  return { vehicleId: vehicle.id, eligible: reason === 'ELIGIBLE', reason };
}

/** install-gps: places an order for an eligible vehicle; the team calls the contact phone within 24 hours. */
export async function installGps(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; userId: string; userPhone: string; vehicleId: string; contactPhone?: string },
) {
  const eligibility = await gpsEligibility(ctx, input);
  if (!eligibility.eligible) throw new AppError('VEHICLE_NOT_ELIGIBLE', FLEET_MESSAGES.gpsNotEligible, { field: eligibility.reason });
  const vehicle = await ownVehicle(ctx, input);
  const saved = await repo.insertGpsOrder(ctx.db, {
    id: newId('GPS'),
    operatorId: input.operatorId,
    vehicleId: vehicle.id,
    contactPhone: input.contactPhone ?? input.userPhone,
    createdBy: input.userId,
  });
  if (!saved) throw new AppError('VEHICLE_NOT_ELIGIBLE', FLEET_MESSAGES.gpsNotEligible, { field: 'ORDER_OPEN' });
  return toOrder(saved, vehicle.number);
}

const NEXT: Record<string, readonly GpsOrderStatus[]> = {
  PLACED: ['SCHEDULED', 'CANCELLED'],
  SCHEDULED: ['INSTALLED', 'CANCELLED'],
};

export async function gpsOrdersForAdmin(ctx: ServiceContext) {
  return (await repo.listGpsOrdersForAdmin(ctx.db, { limit: 300 })).map((r) => ({
    ...toOrder(r.order, r.vehicleNumber),
    operatorId: r.order.operatorId,
    operatorName: r.operatorName,
    contactPhone: r.order.contactPhone,
    deviceIdentifier: null,
  }));
}

/**
 * Admin moves an order PLACED → SCHEDULED → INSTALLED (or cancels it). Installing registers the device
 * for tracking (through the tracking service), so the vehicle's positions flow; its identifier is shown
 * once, in this answer, for the fitter to set in the tracker.
 */
export async function moveGpsOrder(
  ctx: ServiceContext,
  input: { orderId: string; to: 'SCHEDULED' | 'INSTALLED' | 'CANCELLED'; scheduledFor?: string; serverUrl: string },
) {
  const order = await repo.findGpsOrderForAdmin(ctx.db, input.orderId);
  if (!order) throw notFound(FLEET_MESSAGES.orderNotFound);
  if (!NEXT[order.status]?.includes(input.to)) throw new AppError('CONFLICT', FLEET_MESSAGES.gpsBadMove(order.status, input.to));
  let identifier: string | null = null;
  let deviceId: string | null = null;
  if (input.to === 'INSTALLED') {
    const device = await tracking.registerDevice(
      ctx.db,
      order.operatorId,
      { vehicleId: order.vehicleId, label: 'Bhada GPS' },
      input.serverUrl,
    );
    identifier = device.identifier;
    deviceId = device.deviceId;
  }
  const moved = await repo.moveGpsOrderForAdmin(ctx.db, {
    orderId: order.id,
    from: order.status,
    patch: { status: input.to, scheduledFor: input.scheduledFor ?? order.scheduledFor, deviceId: deviceId ?? order.deviceId },
  });
  if (!moved) {
    if (deviceId) await tracking.revokeDevice(ctx.db, order.operatorId, deviceId);
    throw new AppError('CONFLICT', FLEET_MESSAGES.gpsBadMove(order.status, input.to));
  }
  const operatorId = order.operatorId;
  const vehicle = await ownVehicle(ctx, { operatorId, vehicleId: order.vehicleId });
  return {
    ...toOrder(moved, vehicle.number),
    operatorId,
    operatorName: '',
    contactPhone: moved.contactPhone,
    deviceIdentifier: identifier,
  };
}

// fleet map

/** Demo: simulated trackers of vehicles not on a trip report a position (through the tracking service). */
export async function simulateParkedTrackers(ctx: ServiceContext) {
  return tracking.simulateParkedDevices(ctx.db, ctx.events, { now: ctx.clock.now() });
}

/** Every vehicle of the fleet on the map: at its last tracked position, else where it was last known (offline). */
export async function fleetMap(ctx: ServiceContext, input: { operatorId: OperatorId }) {
  const now = ctx.clock.now();
  const [fleet, last] = await Promise.all([
    vehiclesRepo.listVehicles(ctx.db, { operatorId: input.operatorId, limit: 10_000, offset: 0 }),
    tracking.lastPositionsOfFleet(ctx.db, input.operatorId),
  ]);
  const byVehicle = new Map(last.map((p) => [p.vehicleId, p]));
  const counts = { MOVING: 0, STOPPED: 0, OFFLINE: 0 };
  const list = [];
  for (const v of fleet.rows) {
    const p = byVehicle.get(v.id);
    const lat = p?.lat ?? v.currentLat;
    const lng = p?.lng ?? v.currentLng;
    if (lat === null || lng === null || lat === undefined || lng === undefined) continue;
    const state = fleetStateOf(p, now);
    counts[state]++;
    list.push({
      vehicleId: v.id,
      number: formatVehicleNumber(v.number),
      lat,
      lng,
      speedKmph: p?.speedKmph ?? null,
      recordedAt: p?.recordedAt.toISOString() ?? null,
      state,
      tripId: p?.tripId ?? null,
    });
  }
  return { operatorId: input.operatorId as string, vehicles: list, counts };
}

/** One vehicle on the map: its running trip and newest positions. */
export async function fleetVehicle(ctx: ServiceContext, input: { operatorId: OperatorId; vehicleId: string }) {
  const vehicle = await ownVehicle(ctx, input);
  const trip = await repo.activeTripOfVehicle(ctx.db, input);
  return {
    vehicleId: vehicle.id,
    number: formatVehicleNumber(vehicle.number),
    trip: trip
      ? {
          tripId: trip.id,
          state: trip.state,
          origin: trip.loadingPoints[0]?.name ?? '',
          destination: trip.unloadingPoints.at(-1)?.name ?? '',
        }
      : null,
    positions: await tracking.recentPositionsOfVehicle(ctx.db, vehicle.id, 20),
  };
}
