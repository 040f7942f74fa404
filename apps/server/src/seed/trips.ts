import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  drivers,
  positions,
  trackingDevices,
  tripCharges,
  tripEvents,
  tripFiles,
  tripInvoices,
  tripPodReviews,
  trips,
  vehicles,
} from '../db/schema/index.ts';
import type { TripPoint } from '../db/schema/trips-core.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { accounts } from '../modules/ledger/accounts.ts';
import { postEntry } from '../modules/ledger/ledger.service.ts';
import { lanePoint } from '../modules/tracking/geo.ts';
import { payAdvance, refundOnCancel, settle } from '../modules/trips/trip-money.ts';
import { CITIES, DEMO_CONSIGNERS } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const PATH: string[] = [
  'ASSIGNED',
  'REACHED_LOADING',
  'LOADED',
  'IN_TRANSIT',
  'REACHED_UNLOADING',
  'UNLOADED',
  'POD_SUBMITTED',
  'POD_VERIFIED',
  'COMPLETED',
];
const ALL_STATES = [...PATH, 'POD_REJECTED', 'CANCELLED'];
/** how far along its lane a truck in each state has gone (for the seeded positions) */
const PROGRESS: Record<string, number> = {
  REACHED_LOADING: 0,
  LOADED: 0,
  IN_TRANSIT: 0.45,
  REACHED_UNLOADING: 1,
  UNLOADED: 1,
  POD_SUBMITTED: 1,
  POD_REJECTED: 1,
  POD_VERIFIED: 1,
  COMPLETED: 1,
};
const PLAN: Record<string, string[]> = {
  OP1001: ALL_STATES,
  OP1002: ['ASSIGNED', 'IN_TRANSIT', 'UNLOADED', 'COMPLETED'],
  OP1003: ['REACHED_LOADING', 'IN_TRANSIT', 'POD_SUBMITTED', 'COMPLETED'],
};
const LANES: Array<[string, string]> = [
  ['Jaipur', 'Delhi'],
  ['Ahmedabad', 'Mumbai'],
  ['Ludhiana', 'Delhi'],
  ['Nagpur', 'Hyderabad'],
  ['Indore', 'Pune'],
  ['Mumbai', 'Bengaluru'],
  ['Delhi', 'Kolkata'],
  ['Pune', 'Chennai'],
  ['Jaipur', 'Ahmedabad'],
  ['Hyderabad', 'Chennai'],
  ['Delhi', 'Jaipur'],
];

const city = (name: string) => CITIES.find((c) => c.city === name) ?? CITIES[0];

/** the steps a trip in `state` went through, in order */
function historyOf(state: string): string[] {
  if (state === 'CANCELLED') return ['REACHED_LOADING', 'CANCELLED'];
  if (state === 'POD_REJECTED') return [...PATH.slice(1, PATH.indexOf('POD_SUBMITTED') + 1), 'POD_REJECTED'];
  return PATH.slice(1, PATH.indexOf(state) + 1);
}

/**
 * Demo trips in every state for the demo operators, with their history, positions, expenses,
 * invoices and PODs. POD and invoice rows stand for paper documents (no scanned file) and say so.
 */
export const seedTrips: SeedStep = async (tx: Db, rand) => {
  const now = Date.now();
  let n = 0;
  for (const [operatorId, states] of Object.entries(PLAN)) {
    const busy = new Set((await tx.select({ v: trips.vehicleId }).from(trips).where(eq(trips.operatorId, operatorId))).map((r) => r.v));
    const fleet = (
      await tx
        .select({ id: vehicles.id, number: vehicles.number })
        .from(vehicles)
        .where(eq(vehicles.operatorId, operatorId))
        .orderBy(asc(vehicles.id))
    )
      .filter((v) => !busy.has(v.id))
      .reverse();
    const crew = await tx.select({ name: drivers.name, phone: drivers.phone }).from(drivers).where(eq(drivers.operatorId, operatorId));
    for (const [i, state] of states.entries()) {
      const vehicle = fleet[i % fleet.length];
      if (!vehicle) break;
      n++;
      const [fromName, toName] = LANES[(n - 1) % LANES.length]!;
      const from = city(fromName);
      const to = city(toName);
      const consigner = DEMO_CONSIGNERS[n % DEMO_CONSIGNERS.length]!;
      const driver = crew[i % Math.max(1, crew.length)] ?? { name: 'Ramesh Yadav', phone: '9812345678' };
      const id = `TRP-DEMO${String(n).padStart(3, '0')}`;
      const demandId = `DEM-TRIPDEMO${String(n).padStart(3, '0')}`;
      const loading: TripPoint = {
        name: `${consigner.name}, ${from.city} plant`,
        address: `Industrial Area, ${from.city}`,
        lat: from.lat + 0.03,
        lng: from.lng - 0.02,
        contactName: consigner.user.name,
        contactPhone: consigner.user.phone,
      };
      const unloading: TripPoint = {
        name: `${to.city} distribution centre`,
        address: `Transport Nagar, ${to.city}`,
        lat: to.lat - 0.02,
        lng: to.lng + 0.03,
        contactName: 'Depot in-charge',
        contactPhone: `90000002${String(n).padStart(2, '0')}`,
      };
      const price = (30_000 + Math.floor(rand() * 50) * 1_000) * 100;
      const token = Math.min(500_000, Math.round((price * 0.05) / 10_000) * 10_000);
      const history = historyOf(state);
      const startedAt = now - (history.length + 2) * 6 * 3_600_000;
      await tx.insert(trips).values({
        id,
        demandId,
        operatorId,
        consignerCode: consigner.code,
        vehicleId: vehicle.id,
        driverName: driver.name,
        driverPhone: driver.phone,
        state,
        originCity: from.city,
        destinationCity: to.city,
        loadingPoints: [loading],
        unloadingPoints: [unloading],
        agreedPricePaisa: price,
        tokenAmountPaisa: token,
        cancelReason: state === 'CANCELLED' ? 'Vehicle broke down' : null,
        podRejectReason: state === 'POD_REJECTED' ? 'Consignee signature not visible' : null,
        createdAt: new Date(startedAt),
        updatedAt: new Date(now - 3_600_000),
      });
      // the token the operator paid at confirmation (by UPI here, so demo wallets stay as seeded)
      await postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: `Token for demo trip ${id}`,
        referenceType: 'DEMAND',
        referenceId: demandId,
        legs: [
          { account: { kind: 'PAYMENT_CLEARING', ownerId: 'SEED' }, amount: -token },
          { account: accounts.tokenEscrow(demandId), amount: token },
        ],
      });
      let prev = 'ASSIGNED';
      const eventTimes = new Map<string, number>();
      for (const [k, to2] of history.entries()) {
        const at = startedAt + (k + 1) * 6 * 3_600_000;
        eventTimes.set(to2, at);
        await tx.insert(tripEvents).values({
          tripId: id,
          fromState: prev,
          toState: to2,
          actorKind:
            to2 === 'POD_VERIFIED' || to2 === 'POD_REJECTED'
              ? 'ADMIN'
              : to2 === 'COMPLETED'
                ? 'SYSTEM'
                : to2 === 'LOADED' || to2 === 'UNLOADED'
                  ? 'OPERATOR_OTP'
                  : 'OPERATOR',
          actorId: null,
          note: to2 === 'CANCELLED' ? 'Vehicle broke down' : null,
          createdAt: new Date(at),
        });
        prev = to2;
      }
      const ref = { id, demandId, operatorId, agreedPricePaisa: price, tokenAmountPaisa: token };
      if (history.includes('LOADED')) await payAdvance(tx, ref);

      const progress = PROGRESS[state];
      if (progress !== undefined) {
        await tx.insert(trackingDevices).values({
          id: `DEV-DEMO${String(n).padStart(3, '0')}`,
          operatorId,
          vehicleId: vehicle.id,
          label: 'Demo GPS (simulated)',
          identifierHash: sha256(randomToken(24)),
          simulated: true,
          lastSeenAt: new Date(now - 120_000),
        });
        const points = Math.max(2, Math.round(40 * Math.max(progress, 0.05)));
        const departAt = eventTimes.get('IN_TRANSIT') ?? now - 3_600_000;
        const endAt = state === 'IN_TRANSIT' ? now - 120_000 : (eventTimes.get('REACHED_UNLOADING') ?? now - 120_000);
        const rows = Array.from({ length: points }, (_, k) => {
          const f = progress === 0 ? 0 : (progress * k) / (points - 1);
          const p = lanePoint(loading, unloading, f, id, rand);
          const at = progress === 0 ? now - (points - k) * 300_000 : departAt + ((endAt - departAt) * k) / (points - 1);
          return {
            deviceId: `DEV-DEMO${String(n).padStart(3, '0')}`,
            vehicleId: vehicle.id,
            tripId: id,
            lat: p.lat,
            lng: p.lng,
            speedKmph: progress === 0 || k === points - 1 ? 0 : 35 + Math.round(rand() * 25),
            recordedAt: new Date(at),
          };
        });
        await tx.insert(positions).values(rows);
      }

      if (['IN_TRANSIT', 'UNLOADED', 'POD_SUBMITTED', 'POD_VERIFIED', 'COMPLETED'].includes(state)) {
        const decided = state === 'POD_VERIFIED' || state === 'COMPLETED';
        await tx.insert(tripCharges).values({
          id: `TEX-DEMO${String(n).padStart(3, '0')}`,
          tripId: id,
          type: 'DETENTION',
          amountPaisa: 300_000,
          approvedPaisa: decided ? 150_000 : null,
          status: decided ? 'APPROVED' : 'CLAIMED',
          description: 'Truck held 2 days at the loading plant',
          decisionReason: decided ? 'One day approved as per gate register' : null,
        });
      }

      const podStatus = { POD_SUBMITTED: 'SUBMITTED', POD_REJECTED: 'REJECTED', POD_VERIFIED: 'VERIFIED', COMPLETED: 'VERIFIED' }[state] as
        | 'SUBMITTED'
        | 'REJECTED'
        | 'VERIFIED'
        | undefined;
      if (podStatus) {
        const keys = [1, 2].map((k) => `pod/${id}/paper-${k}-${randomToken(9)}.jpg`);
        await tx.insert(tripFiles).values(
          keys.map((resourceKey, k) => ({
            id: `TF-DEMO${String(n).padStart(3, '0')}${k}`,
            tripId: id,
            docType: 'POD' as const,
            resourceKey,
            fileName: `paper-pod-${k + 1}.jpg`,
            contentType: 'image/jpeg',
            status: podStatus,
            hasFile: false,
            createdBy: `USR-${operatorId}`,
          })),
        );
        await tx.insert(tripPodReviews).values({
          id: `POD-DEMO${String(n).padStart(3, '0')}`,
          tripId: id,
          resourceKeys: keys,
          status: podStatus,
          reason: state === 'POD_REJECTED' ? 'Consignee signature not visible' : null,
          submittedBy: `USR-${operatorId}`,
          decidedBy: podStatus === 'SUBMITTED' ? null : 'USR-ADMIN',
          decidedAt: podStatus === 'SUBMITTED' ? null : new Date(now - 2 * 3_600_000),
        });
        const invoiceKey = `pod/${id}/invoice-${randomToken(9)}.pdf`;
        await tx.insert(tripFiles).values({
          id: `TF-DEMO${String(n).padStart(3, '0')}I`,
          tripId: id,
          docType: 'INVOICE',
          resourceKey: invoiceKey,
          fileName: 'invoice.pdf',
          contentType: 'application/pdf',
          status: 'UPLOADED',
          hasFile: false,
          createdBy: `USR-${operatorId}`,
        });
        await tx.insert(tripInvoices).values({
          tripId: id,
          fileKey: invoiceKey,
          invoiceNumber: `INV/${operatorId}/${String(n).padStart(4, '0')}`,
          amountPaisa: price,
        });
      }

      if (state === 'COMPLETED') {
        await settle(tx, ref);
        await tx
          .update(trips)
          .set({ completedAt: new Date(now - 3_600_000) })
          .where(eq(trips.id, id));
      }
      if (state === 'CANCELLED') await refundOnCancel(tx, ref, 'REACHED_LOADING', null, new Date(now));
    }
  }
};
