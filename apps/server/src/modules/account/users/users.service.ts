import {
  type AddSubordinateRequest,
  type CreateRoleRequest,
  PERMISSION_GROUPS,
  type PermissionCode,
  type Role,
  type RolePermissionsRequest,
  USERS_MESSAGES,
} from '@bhada/contracts/account/users';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';
import { checkRoleChange, type RoleEditor } from './role-rules.ts';
import * as repo from './users.repository.ts';

/** The caller changing roles or sub-users, as the route reads it from the session. */
export interface UsersActor {
  userId: string;
  kind: string;
  permissions: ReadonlySet<PermissionCode>;
}

async function editorOf(db: Db, actor: UsersActor): Promise<RoleEditor> {
  const roleId = actor.kind === 'SUBORDINATE' ? await repo.findUserRoleId(db, { userId: actor.userId }) : null;
  return { kind: actor.kind, roleId, permissions: actor.permissions };
}

const PERMISSION_NAMES: Record<string, string> = {
  LOADS_VIEW: 'See loads',
  QUOTES_SUBMIT: 'Submit quotes',
  TOKENS_PAY: 'Pay tokens',
  TOKENS_CANCEL: 'Cancel tokens',
  TRIPS_VIEW: 'See trips',
  TRIPS_MANAGE: 'Run trips',
  POD_UPLOAD: 'Upload POD',
  VEHICLES_VIEW: 'See vehicles',
  VEHICLES_MANAGE: 'Manage vehicles',
  DOCUMENTS_MANAGE: 'Manage documents',
  USERS_MANAGE: 'Manage users and roles',
  WALLET_VIEW: 'See wallet',
  WALLET_ADD_MONEY: 'Add money',
  FASTAG_VIEW: 'See Fastag',
  FASTAG_RECHARGE: 'Recharge Fastag',
  REPORTS_DOWNLOAD: 'Download reports',
  // support area
  TICKETS_MANAGE: 'Raise and follow support tickets',
  RATE_CARDS_MANAGE: 'Manage rate cards',
  REFERRAL_SHARE: 'Share referral link and see referrals',
  ACCOUNT_MANAGE: 'Manage company profile and TDS declaration',
};

export function permissionGroups() {
  return PERMISSION_GROUPS.map((g) => ({
    code: g.code,
    name: g.name,
    permissions: g.permissions.map((code) => ({ code, name: PERMISSION_NAMES[code] ?? code })),
  }));
}

/**
 * The operator's roles with their permissions and live users. With a read cache, answered from memory until
 * the database announces a change to the operator's roles or users (ADR 165); the answer is shared, not copied.
 */
export async function listRoles(db: Db, operatorId: OperatorId, reads?: TenantReadCache): Promise<Role[]> {
  const load = async () => {
    const rows = await repo.listRoles(db, { operatorId });
    return rows.map((r) => ({
      roleId: r.id,
      name: r.name,
      permissions: r.permissions as Role['permissions'],
      userCount: r.userCount,
      createdAt: r.createdAt.toISOString(),
    }));
  };
  return reads ? reads.read(operatorId, 'users.roles', load) : load();
}

export async function createRole(db: Db, operatorId: OperatorId, input: CreateRoleRequest, actor: UsersActor) {
  return db.transaction(async (tx) => {
    checkRoleChange(await editorOf(tx, actor), { id: null, permissions: [] }, { granted: input.permissions });
    if (await repo.findRoleByName(tx, { operatorId, name: input.name })) {
      throw new AppError('ROLE_NAME_TAKEN', USERS_MESSAGES.roleNameTaken, { field: 'name' });
    }
    const role = await repo.insertRole(tx, { id: newId('ROL'), operatorId, name: input.name });
    await repo.insertRolePermissions(tx, { roleId: role.id, permissions: input.permissions });
    return { roleId: role.id };
  });
}

async function ownRole(db: Db, operatorId: OperatorId, roleId: string) {
  const role = await repo.findRole(db, { id: roleId, operatorId });
  if (!role) throw notFound('Role not found');
  return role;
}

export async function addRolePermissions(db: Db, operatorId: OperatorId, input: RolePermissionsRequest, actor: UsersActor) {
  const role = await ownRole(db, operatorId, input.roleId);
  checkRoleChange(await editorOf(db, actor), role, { granted: input.permissions });
  await repo.insertRolePermissions(db, { roleId: input.roleId, permissions: input.permissions });
  return { roleId: input.roleId };
}

export async function deleteRolePermissions(db: Db, operatorId: OperatorId, input: RolePermissionsRequest, actor: UsersActor) {
  const role = await ownRole(db, operatorId, input.roleId);
  checkRoleChange(await editorOf(db, actor), role, { granted: [] });
  await repo.deleteRolePermissions(db, { roleId: input.roleId, permissions: input.permissions });
  return { roleId: input.roleId };
}

export async function listSubordinates(db: Db, operatorId: OperatorId) {
  const rows = await repo.listSubordinates(db, { operatorId });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function addSubordinate(db: Db, operatorId: OperatorId, input: AddSubordinateRequest, actor: UsersActor) {
  return db.transaction(async (tx) => {
    const role = await ownRole(tx, operatorId, input.roleId);
    // placing a new user in a role hands out its permissions: the same rules as granting them (ADR 227)
    const editor = await editorOf(tx, actor);
    checkRoleChange({ ...editor, roleId: null }, { id: null, permissions: [] }, { granted: role.permissions as PermissionCode[] });
    if (await repo.findLiveUserIdByPhone(tx, input.phone)) {
      throw new AppError('PHONE_TAKEN', USERS_MESSAGES.phoneTaken, { field: 'phone' });
    }
    const user = await repo.insertUser(tx, {
      id: newId('USR'),
      userCode: newId('U', 8),
      phone: input.phone,
      name: input.name,
      email: input.email ?? null,
      kind: 'SUBORDINATE',
      operatorId,
      roleId: input.roleId,
    });
    return { userCode: user.userCode };
  });
}

/** Removes a subordinate of this operator and ends its sessions; another operator's gets 404. */
export async function removeSubordinate(db: Db, operatorId: OperatorId, userCode: string) {
  await db.transaction(async (tx) => {
    const user = await repo.findSubordinate(tx, { userCode, operatorId });
    if (!user) throw notFound('User not found');
    await repo.softDeleteUser(tx, { userId: user.id });
  });
  return { userCode };
}

export async function listOperatorVehicles(db: Db, operatorId: OperatorId) {
  return repo.listOperatorVehicles(db, { operatorId });
}
