import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { drivers, fleetDocuments, gpsOrders, maintenanceReminders, trackingDevices, vehicles } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { OP1001, OP1002, OP1003 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const OPERATORS = [OP1001, OP1002, OP1003];

/**
 * Fleet demo rows (issue 12): per demo operator, documents in every review state (one vehicle waiting for
 * review, one rejected, the rest verified), certificates with a few expiring soon, drivers with licences and
 * vehicles, an ID proof waiting, and GPS orders in each state (the installed one on a tracked vehicle).
 * The files themselves are not seeded: their rows show the review flow; a view opens nothing.
 */
export const seedFleet: SeedStep = async (tx: Db) => {
  for (const operatorId of OPERATORS) {
    const fleet = await tx.select().from(vehicles).where(eq(vehicles.operatorId, operatorId)).orderBy(asc(vehicles.id));
    const tracked = new Set(
      (
        await tx
          .select({ vehicleId: trackingDevices.vehicleId })
          .from(trackingDevices)
          .where(and(eq(trackingDevices.operatorId, operatorId), isNull(trackingDevices.revokedAt)))
      ).map((d) => d.vehicleId),
    );
    const docs: Array<typeof fleetDocuments.$inferInsert> = [];
    const doc = (
      vehicleId: string | null,
      docType: string,
      status: 'PENDING' | 'VERIFIED' | 'REJECTED',
      extra: Partial<typeof fleetDocuments.$inferInsert> = {},
    ) =>
      docs.push({
        id: `DOC-${operatorId}-${vehicleId?.slice(-2) ?? 'P'}-${docType}`,
        operatorId,
        vehicleId,
        docType,
        resourceKey: `fleet/${operatorId}/demo-${vehicleId ?? 'profile'}-${docType.toLowerCase()}.jpg`,
        fileName: `${docType.toLowerCase()}.jpg`,
        contentType: 'image/jpeg',
        status,
        current: true,
        createdBy: `USR-${operatorId}`,
        reviewedBy: status === 'PENDING' ? null : 'USR-ADMIN',
        reviewedAt: status === 'PENDING' ? null : new Date(Date.now() - 5 * DAY_MS),
        createdAt: new Date(Date.now() - 7 * DAY_MS),
        ...extra,
      });
    for (const [i, v] of fleet.entries()) {
      if (i === 0) {
        doc(v.id, 'RC_FRONT', 'PENDING');
        doc(v.id, 'RC_BACK', 'PENDING');
        await tx.update(vehicles).set({ status: 'PENDING' }).where(eq(vehicles.id, v.id));
        continue;
      }
      if (i === 1) {
        const reason = 'RC back photo is blurred; the chassis number cannot be read';
        doc(v.id, 'RC_FRONT', 'VERIFIED');
        doc(v.id, 'RC_BACK', 'REJECTED', { rejectReason: reason });
        await tx.update(vehicles).set({ status: 'REJECTED', rejectReason: reason }).where(eq(vehicles.id, v.id));
        continue;
      }
      if (v.status !== 'VERIFIED') continue;
      doc(v.id, 'RC_FRONT', 'VERIFIED');
      doc(v.id, 'RC_BACK', 'VERIFIED');
      doc(v.id, 'INSURANCE', 'VERIFIED', { expiresOn: i === 2 ? day(9) : day(200 + i * 7) });
      doc(v.id, 'PUC', i === 3 ? 'PENDING' : 'VERIFIED', { expiresOn: i === 3 ? day(4) : day(90 + i) });
    }
    doc(null, 'ID_PROOF', operatorId === OP1001 ? 'PENDING' : 'VERIFIED');
    if (docs.length) await tx.insert(fleetDocuments).values(docs);

    const team = await tx.select().from(drivers).where(eq(drivers.operatorId, operatorId)).orderBy(asc(drivers.id));
    for (const [i, d] of team.entries()) {
      const state = operatorId === OP1002 ? 'PB' : operatorId === OP1003 ? 'MH' : 'RJ';
      await tx
        .update(drivers)
        .set({
          licenceNumber: `${state}${String(10 + i)}${2015 + i}00${String(41235 + i * 97).padStart(5, '0')}`,
          licenceExpiry: day(i === 0 ? 12 : 400 + i * 30),
          vehicleId: fleet[i + 2]?.id ?? null,
        })
        .where(eq(drivers.id, d.id));
    }

    // GPS orders in every state, on verified vehicles without a device (the installed one gets its device)
    const free = fleet.filter((v, i) => i >= 2 && v.status === 'VERIFIED' && !tracked.has(v.id)).slice(-4);
    const states = ['PLACED', 'SCHEDULED', 'INSTALLED', 'CANCELLED'] as const;
    for (const [i, v] of free.entries()) {
      const status = states[i] ?? 'PLACED';
      let deviceId: string | null = null;
      if (status === 'INSTALLED') {
        deviceId = `DEV-GPS-${operatorId}`;
        await tx.insert(trackingDevices).values({
          id: deviceId,
          operatorId,
          vehicleId: v.id,
          label: 'Bhada GPS',
          identifierHash: sha256(randomToken(24)),
          simulated: true,
          lastSeenAt: new Date(Date.now() - 3 * 3_600_000),
        });
      }
      await tx.insert(gpsOrders).values({
        id: `GPS-${operatorId}-${status}`,
        operatorId,
        vehicleId: v.id,
        status,
        contactPhone: `9${operatorId.slice(-3)}000000`.slice(0, 10),
        scheduledFor: status === 'SCHEDULED' ? day(2) : status === 'INSTALLED' ? day(-3) : null,
        deviceId,
        createdBy: `USR-${operatorId}`,
        createdAt: new Date(Date.now() - (8 - i) * DAY_MS),
      });
    }
    // maintenance (ADR 101): a few service reminders on the first vehicle, one overdue, one done with its cost
    const first = fleet[0];
    if (first) {
      const reminder = (suffix: string, extra: Partial<typeof maintenanceReminders.$inferInsert>) => ({
        id: `MNT-${operatorId}-${suffix}`,
        operatorId,
        vehicleId: first.id,
        kind: 'SERVICE',
        createdBy: `USR-${operatorId}`,
        ...extra,
      });
      await tx.insert(maintenanceReminders).values([
        reminder('OIL', { kind: 'OIL_CHANGE', dueOn: day(-4), note: 'Engine oil and filter' }),
        reminder('TYRES', { kind: 'TYRES', dueOdometerKm: 150_000, odometerKm: 148_200, note: 'Rotate rear tyres' }),
        reminder('SERVICE', { kind: 'SERVICE', dueOn: day(40) }),
        reminder('BATTERY', {
          kind: 'BATTERY',
          dueOn: day(-20),
          status: 'DONE',
          doneOn: day(-18),
          doneNote: 'New 150 Ah battery',
          costPaisa: 1_150_000,
          doneBy: `USR-${operatorId}`,
        }),
      ]);
    }
  }
};
