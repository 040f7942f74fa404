import { count } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/client.ts';
import { consigners, drivers, operators, rolePermissions, roles, users, vehicles } from '../db/schema/index.ts';
// account (issue 13)
import { seedAccount } from './account.ts';
import {
  CITIES,
  DEMO_ADMIN,
  DEMO_CONSIGNERS,
  DEMO_OPERATORS,
  DEMO_ROLES,
  DEMO_SUBORDINATES,
  DRIVER_NAMES,
  RTO,
  VEHICLE_MODELS,
} from './demo-data.ts';
import { seedFastag } from './fastag.ts';
import { seedFleet } from './fleet.ts'; // fleet (issue 12)
import { seedMarketplace } from './marketplace.ts';
// operations
import { seedOperations } from './operations.ts';
import { seedConsignerPayments, seedPayments } from './payments.ts';
import { seedSubscription } from './subscription.ts';
// support area
import { seedSupport } from './support.ts';
import { seedTripPapers, seedTrips } from './trips.ts';

/** Deterministic pseudo-random numbers so every fresh database gets the same demo fleet. */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const STATE_OF: Record<string, keyof typeof RTO> = { OP1001: 'RJ', OP1002: 'PB', OP1003: 'MH' };
const FLEET_SIZE: Record<string, number> = { OP1001: 16, OP1002: 14, OP1003: 10 };

/** One area's demo rows; steps run in order inside one transaction. */
export type SeedStep = (tx: Db, rand: () => number) => Promise<void>;

async function seedFoundation(tx: Db, rand: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  // every table's rows go in one statement (ADR 169): one insert per row was a hundred round trips
  const roleRows: Array<typeof roles.$inferInsert> = [];
  const permissionRows: Array<typeof rolePermissions.$inferInsert> = [];
  const userRows: Array<typeof users.$inferInsert> = [];
  const vehicleRows: Array<typeof vehicles.$inferInsert> = [];
  const driverRows: Array<typeof drivers.$inferInsert> = [];

  for (const op of DEMO_OPERATORS) {
    userRows.push({
      id: `USR-${op.id}`,
      userCode: `U${op.id}`,
      phone: op.phone,
      name: op.name,
      kind: 'OPERATOR',
      operatorId: op.id,
      isDemo: true,
    });
    for (const [roleName, perms] of Object.entries(DEMO_ROLES)) {
      const roleId = `ROL-${op.id}-${roleName.replace(/\s+/g, '').toUpperCase()}`;
      roleRows.push({ id: roleId, operatorId: op.id, name: roleName });
      permissionRows.push(...perms.map((permission) => ({ roleId, permission })));
    }
  }
  for (const [i, sub] of DEMO_SUBORDINATES.entries()) {
    userRows.push({
      id: `USR-SUB${i + 1}`,
      userCode: `US${sub.phone.slice(-4)}`,
      phone: sub.phone,
      name: sub.name,
      kind: 'SUBORDINATE',
      operatorId: sub.operatorId,
      roleId: `ROL-${sub.operatorId}-${sub.role.replace(/\s+/g, '').toUpperCase()}`,
      isDemo: true,
    });
  }
  for (const c of DEMO_CONSIGNERS) {
    userRows.push({
      id: `USR-${c.code}`,
      userCode: `U${c.code}`,
      phone: c.user.phone,
      name: c.user.name,
      kind: 'CONSIGNER',
      consignerCode: c.code,
      isDemo: true,
    });
  }
  userRows.push({ id: 'USR-ADMIN', userCode: 'UADMIN', phone: DEMO_ADMIN.phone, name: DEMO_ADMIN.name, kind: 'ADMIN', isDemo: true });

  const used = new Set<string>();
  for (const op of DEMO_OPERATORS) {
    const state = STATE_OF[op.id] ?? 'RJ';
    for (let n = 0; n < (FLEET_SIZE[op.id] ?? 10); n++) {
      let number = '';
      do {
        const series = `${LETTERS[Math.floor(rand() * LETTERS.length)]}${LETTERS[Math.floor(rand() * LETTERS.length)]}`;
        number = `${state}${pick(RTO[state])}${series}${String(1000 + Math.floor(rand() * 9000))}`;
      } while (used.has(number));
      used.add(number);
      const model = pick(VEHICLE_MODELS);
      const city = pick(CITIES);
      vehicleRows.push({
        id: `VEH-${op.id}-${String(n + 1).padStart(2, '0')}`,
        operatorId: op.id,
        number,
        vehicleType: model.vehicleType,
        bodyType: model.bodyType,
        tyreCount: model.tyreCount,
        tonnage: model.tonnage,
        sizeInFeet: model.sizeInFeet,
        heightInFeet: model.heightInFeet,
        ownership: rand() < 0.8 ? 'SELF' : 'ATTACHED',
        ownerName: op.name,
        status: rand() < 0.9 ? 'VERIFIED' : 'PENDING',
        currentLat: city.lat + (rand() - 0.5) * 0.2,
        currentLng: city.lng + (rand() - 0.5) * 0.2,
        currentCity: city.city,
      });
    }
    for (let d = 0; d < 4; d++) {
      driverRows.push({
        id: `DRV-${op.id}-${d + 1}`,
        operatorId: op.id,
        name: pick(DRIVER_NAMES),
        phone: `9${op.id.slice(-3)}${String(100000 + d * 1111).slice(0, 6)}`,
      });
    }
  }

  await tx.insert(operators).values(DEMO_OPERATORS.map(({ id, name, companyName, city }) => ({ id, name, companyName, city })));
  await tx.insert(consigners).values(DEMO_CONSIGNERS.map(({ code, name }) => ({ code, name })));
  await tx.insert(roles).values(roleRows);
  await tx.insert(rolePermissions).values(permissionRows);
  await tx.insert(users).values(userRows);
  await tx.insert(vehicles).values(vehicleRows);
  await tx.insert(drivers).values(driverRows);
}

/** Each area appends its step here (its file lives in seed/<domain>.ts). */
const steps: SeedStep[] = [
  seedFoundation,
  seedPayments,
  seedFastag,
  seedMarketplace,
  seedTrips,
  seedConsignerPayments,
  seedSubscription,
  seedSupport,
  seedFleet,
  seedAccount,
  // operations
  seedOperations,
];

/**
 * Loads the demo data into an empty database; returns false when users already exist. With `putFile`
 * (the app's file storage) the seeded POD and bilti photos are written too.
 */
export async function seedIfEmpty(
  db: Db,
  options: { putFile?: (key: string, body: Buffer, contentType: string) => Promise<void> } = {},
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await inTransaction(db, async (tx) => {
    const rand = seededRandom(20261121);
    for (const step of steps) await step(tx, rand);
  });
  if (options.putFile) await seedTripPapers(db, options.putFile);
  return true;
}
