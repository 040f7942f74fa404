import { type PermissionCode, USERS_MESSAGES } from '@bhada/contracts/account/users';
import { AppError } from '../../../lib/errors.ts';

/** Permissions that move or commit the operator's money: only the owner hands them out (ADR 227). */
export const MONEY_PERMISSIONS: ReadonlySet<PermissionCode> = new Set<PermissionCode>([
  'WALLET_ADD_MONEY',
  'FASTAG_RECHARGE',
  'TOKENS_PAY',
]);

/** Who is changing a role: the owner, or a sub-user whose role holds USERS_MANAGE. */
export interface RoleEditor {
  kind: string;
  /** the role the editor holds; null for the owner */
  roleId: string | null;
  permissions: ReadonlySet<PermissionCode>;
}

const isOwner = (editor: RoleEditor) => editor.kind === 'OPERATOR' || editor.kind === 'ADMIN';

/**
 * A sub-user with USERS_MANAGE may shape other roles, never its own (that would widen its own powers at
 * once), never hand out a permission it does not hold, and never touch a role that holds, or would hold,
 * a money permission: those belong to the owner (spec: users; issue 45 §7).
 */
export function checkRoleChange(
  editor: RoleEditor,
  role: { id: string | null; permissions: readonly string[] },
  change: { granted: readonly PermissionCode[] },
) {
  if (isOwner(editor)) return;
  if (role.id && role.id === editor.roleId) throw new AppError('FORBIDDEN', USERS_MESSAGES.ownRoleLocked);
  if (change.granted.some((p) => !editor.permissions.has(p))) throw new AppError('FORBIDDEN', USERS_MESSAGES.grantUnheld);
  const touchesMoney = [...role.permissions, ...change.granted].some((p) => MONEY_PERMISSIONS.has(p as PermissionCode));
  if (touchesMoney) throw new AppError('FORBIDDEN', USERS_MESSAGES.moneyRoleOwnerOnly);
}
