import type { PermissionCode } from '@bhada/contracts/account/users';
import { type Db, inTransaction } from '../src/db/client.ts';
import { consigners, drivers, operators, rolePermissions, roles, sessions, users, vehicles } from '../src/db/schema/index.ts';
import { randomToken, sha256 } from '../src/lib/crypto.ts';
import { newId } from '../src/lib/ids.ts';
import { asConsignerCode, asOperatorId, type ConsignerCode, type OperatorId } from '../src/lib/tenancy.ts';
import { type AccountRef, accounts } from '../src/modules/money/ledger/accounts.ts';
import { postEntry } from '../src/modules/money/ledger/ledger.service.ts';

let phoneSeq = 7000000000 + Math.floor(Math.random() * 900000) * 1000;
/** a unique valid Indian mobile number per call */
export const nextPhone = () => String(++phoneSeq);

/** Opens a session for a user directly (login itself is tested in the auth suite). */
export async function tokenFor(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({ id: newId('SES'), tokenHash: sha256(token), userId });
  return token;
}

export function buildOperator(overrides: Partial<typeof operators.$inferInsert> = {}) {
  const id = overrides.id ?? newId('OP', 6);
  return { id, name: 'Test Operator', companyName: 'Test Roadlines', city: 'Jaipur', ...overrides };
}

export interface TestUser {
  userId: string;
  userCode: string;
  phone: string;
  token: string;
}

/** An operator with its owner user and a session token. */
export async function insertOperator(db: Db, overrides: { name?: string; phone?: string; isDemo?: boolean } = {}) {
  const op = buildOperator({ name: overrides.name ?? 'Test Operator' });
  await db.insert(operators).values(op);
  const owner = await insertUser(db, {
    kind: 'OPERATOR',
    operatorId: asOperatorId(op.id),
    name: op.name,
    phone: overrides.phone,
    isDemo: overrides.isDemo,
  });
  return { operatorId: asOperatorId(op.id), owner };
}

export async function insertUser(
  db: Db,
  input: {
    kind: 'OPERATOR' | 'SUBORDINATE' | 'CONSIGNER' | 'ADMIN';
    operatorId?: OperatorId;
    consignerCode?: ConsignerCode;
    roleId?: string;
    name?: string;
    phone?: string;
    isDemo?: boolean;
  },
): Promise<TestUser> {
  const id = newId('USR');
  const userCode = newId('U', 8);
  const phone = input.phone ?? nextPhone();
  await db.insert(users).values({
    id,
    userCode,
    phone,
    name: input.name ?? 'Test User',
    kind: input.kind,
    operatorId: input.operatorId ?? null,
    consignerCode: input.consignerCode ?? null,
    roleId: input.roleId ?? null,
    isDemo: input.isDemo ?? false,
  });
  return { userId: id, userCode, phone, token: await tokenFor(db, id) };
}

export async function insertRole(db: Db, operatorId: OperatorId, permissions: PermissionCode[], name = `Role ${newId('R', 4)}`) {
  const id = newId('ROL');
  await db.insert(roles).values({ id, operatorId, name });
  if (permissions.length) await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: id, permission })));
  return { roleId: id, name };
}

/** A subordinate of the operator whose role holds exactly these permissions. */
export async function insertSubordinate(db: Db, operatorId: OperatorId, permissions: PermissionCode[]) {
  const role = await insertRole(db, operatorId, permissions);
  const user = await insertUser(db, { kind: 'SUBORDINATE', operatorId, roleId: role.roleId, name: 'Test Subordinate' });
  return { ...user, roleId: role.roleId };
}

export async function insertConsigner(db: Db, name = 'Test Consigner') {
  const code = asConsignerCode(newId('CN', 6));
  await db.insert(consigners).values({ code, name });
  const user = await insertUser(db, { kind: 'CONSIGNER', consignerCode: code, name: `${name} user` });
  return { consignerCode: code, user };
}

export async function insertAdmin(db: Db) {
  return insertUser(db, { kind: 'ADMIN', name: 'Test Admin' });
}

let vehicleSeq = 1000;
export async function insertVehicle(db: Db, operatorId: OperatorId, overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  const id = newId('VEH');
  const row = {
    id,
    operatorId,
    number: `RJ14TA${String(++vehicleSeq).padStart(4, '0')}${Math.floor(Math.random() * 10)}`.slice(0, 10),
    vehicleType: '32 FT MXL Container',
    bodyType: 'CONTAINER',
    tyreCount: 14,
    tonnage: 25,
    sizeInFeet: 32,
    currentLat: 26.9,
    currentLng: 75.8,
    currentCity: 'Jaipur',
    ...overrides,
  };
  await db.insert(vehicles).values(row);
  return row;
}

export async function insertDriver(db: Db, operatorId: OperatorId, name = 'Ramesh Yadav') {
  const id = newId('DRV');
  const phone = nextPhone();
  await db.insert(drivers).values({ id, operatorId, name, phone });
  return { id, name, phone };
}

/** Money into any ledger account from payment clearing, in one balanced entry (tests only). */
export async function fundAccount(db: Db, account: AccountRef, paisa: number, kind = 'TEST_FUND', memo = 'test') {
  await inTransaction(db, async (tx) =>
    postEntry(tx, {
      kind,
      memo,
      legs: [
        { account: accounts.paymentClearing, amount: -paisa },
        { account, amount: paisa },
      ],
    }),
  );
}

/** Money into an operator's wallet, as a settled top-up brings it (the passbook shows it as one). */
export const fundWallet = (db: Db, operatorId: string, paisa: number) =>
  fundAccount(db, accounts.operatorWallet(operatorId), paisa, 'WALLET_TOPUP', 'Money added to wallet');
