import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rolePermissions, roles, sessions, users, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/**
 * The operator's roles with their permissions and live users, in one statement prepared once per process:
 * the roles screen is read on every visit, and three round trips cost more than the work (ADR 153).
 */
const listRolesQuery = (db: Db) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      createdAt: roles.createdAt,
      // spelled out with table names: Drizzle writes a column of a one-table select unqualified, and inside the
      // subquery a bare "id" named the user's own id, so every role counted no users
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = roles.id), '{}')`,
      userCount: sql<number>`(select count(*)::int from users u where u.role_id = roles.id and u.deleted_at is null)`,
    })
    .from(roles)
    .where(eq(roles.operatorId, sql.placeholder('operatorId')))
    .orderBy(asc(roles.name))
    .prepare('users_list_roles');
const preparedListRoles = new WeakMap<Db, ReturnType<typeof listRolesQuery>>();

export async function listRoles(db: Db, { operatorId }: { operatorId: OperatorId }) {
  let query = preparedListRoles.get(db);
  if (!query) {
    query = listRolesQuery(db);
    preparedListRoles.set(db, query);
  }
  return query.execute({ operatorId });
}

export async function findRole(db: Db, scope: { id: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = ${roles.id}), '{}')`,
    })
    .from(roles)
    .where(and(eq(roles.id, scope.id), eq(roles.operatorId, scope.operatorId)))
    .limit(1);
  return row;
}

/** The role a user holds (null for an owner). */
export async function findUserRoleId(db: Db, { userId }: { userId: string }) {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.roleId ?? null;
}

export async function findRoleByName(db: Db, { operatorId, name }: { operatorId: OperatorId; name: string }) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.operatorId, operatorId), eq(roles.name, name)))
    .limit(1);
  return row;
}

export async function insertRole(db: Db, row: typeof roles.$inferInsert) {
  const [inserted] = await db.insert(roles).values(row).returning({ id: roles.id, name: roles.name, createdAt: roles.createdAt });
  return inserted!;
}

export async function insertRolePermissions(db: Db, { roleId, permissions }: { roleId: string; permissions: string[] }) {
  if (!permissions.length) return;
  await db
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId, permission })))
    .onConflictDoNothing();
}

export async function deleteRolePermissions(db: Db, { roleId, permissions }: { roleId: string; permissions: string[] }) {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permission, permissions)));
}

export async function listSubordinates(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({
      userCode: users.userCode,
      name: users.name,
      phone: users.phone,
      email: users.email,
      roleId: roles.id,
      roleName: roles.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.operatorId, operatorId), eq(users.kind, 'SUBORDINATE'), isNull(users.deletedAt)))
    .orderBy(asc(users.name));
}

export async function findLiveUserIdByPhone(db: Db, phone: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, row: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id, userCode: users.userCode });
  return inserted!;
}

export async function findSubordinate(db: Db, scope: { userCode: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.userCode, scope.userCode),
        eq(users.operatorId, scope.operatorId),
        eq(users.kind, 'SUBORDINATE'),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function softDeleteUser(db: Db, { userId }: { userId: string }) {
  const now = new Date();
  await db.update(users).set({ deletedAt: now }).where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function listOperatorVehicles(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({ vehicleId: vehicles.id, number: vehicles.number, vehicleType: vehicles.vehicleType })
    .from(vehicles)
    .where(eq(vehicles.operatorId, operatorId))
    .orderBy(asc(vehicles.number));
}
