import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { indianMobileSchema } from '../../common/index.ts';

/**
 * The permission catalogue: one group per area. An owner holds every permission of its operator;
 * a subordinate holds exactly its role's. Later areas add their permissions here.
 */
export const PERMISSION_GROUPS = [
  { code: 'MARKETPLACE', name: 'Marketplace bidding', permissions: ['LOADS_VIEW', 'QUOTES_SUBMIT'] },
  { code: 'TOKENS', name: 'Tokens', permissions: ['TOKENS_PAY', 'TOKENS_CANCEL'] },
  { code: 'TRIPS', name: 'Trips', permissions: ['TRIPS_VIEW', 'TRIPS_MANAGE'] },
  { code: 'POD', name: 'Proof of delivery', permissions: ['POD_UPLOAD'] },
  { code: 'VEHICLES', name: 'Vehicles', permissions: ['VEHICLES_VIEW', 'VEHICLES_MANAGE'] },
  { code: 'DOCUMENTS', name: 'Documents', permissions: ['DOCUMENTS_MANAGE'] },
  { code: 'USERS', name: 'Users and roles', permissions: ['USERS_MANAGE'] },
  { code: 'WALLET', name: 'Wallet', permissions: ['WALLET_VIEW', 'WALLET_ADD_MONEY'] },
  { code: 'FASTAG', name: 'Fastag recharge', permissions: ['FASTAG_VIEW', 'FASTAG_RECHARGE'] },
  { code: 'REPORTS', name: 'Reports', permissions: ['REPORTS_DOWNLOAD'] },
  // support area (issue 14)
  { code: 'SUPPORT', name: 'Support, rate cards and referral', permissions: ['TICKETS_MANAGE', 'RATE_CARDS_MANAGE', 'REFERRAL_SHARE'] },
  // account (issue 13): company profile, app config, TDS declaration, policies
  { code: 'ACCOUNT', name: 'Company profile and compliance', permissions: ['ACCOUNT_MANAGE'] },
] as const;

export type PermissionCode = (typeof PERMISSION_GROUPS)[number]['permissions'][number];
export const ALL_PERMISSIONS = PERMISSION_GROUPS.flatMap((g) => g.permissions) as PermissionCode[];
export const permissionCodeSchema = z.enum(ALL_PERMISSIONS as [PermissionCode, ...PermissionCode[]]);

export const USERS_ERRORS = errorCodes([
  /** a role with this name already exists for the operator */
  'ROLE_NAME_TAKEN',
  /** the phone already belongs to another user */
  'PHONE_TAKEN',
  /** the role still has users and cannot lose its last permission */
  'ROLE_IN_USE',
]);

export const USERS_MESSAGES = {
  userAdded: 'User added successfully',
  userDeleted: 'User deleted successfully.',
  roleCreated: 'Role created successfully',
  roleAdded: 'Role added successfully',
  roleDeleted: 'Role deleted successfully',
  roleNameTaken: 'A role with this name already exists',
  phoneTaken: 'This mobile number is already registered',
  ownRoleLocked: 'You cannot change the role you hold',
  grantUnheld: 'You cannot give a permission you do not have',
  moneyRoleOwnerOnly: 'Only the owner can change a role with money permissions',
} as const;

export const permissionGroupSchema = z.object({
  code: z.string(),
  name: z.string(),
  permissions: z.array(z.object({ code: permissionCodeSchema, name: z.string() })),
});
export const permissionGroupsResponseSchema = z.array(permissionGroupSchema);

export const roleSchema = z.object({
  roleId: z.string(),
  name: z.string(),
  permissions: z.array(permissionCodeSchema),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
export const rolesResponseSchema = z.array(roleSchema);

export const createRoleRequestSchema = z.object({
  name: z.string({ error: 'Role name is required' }).trim().min(2, 'Role name is too short').max(60),
  permissions: z.array(permissionCodeSchema).min(1, 'Choose at least one permission'),
});
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

export const rolePermissionsRequestSchema = z.object({
  roleId: z.string().min(1, 'roleId is required'),
  permissions: z.array(permissionCodeSchema).min(1, 'Choose at least one permission'),
});
export type RolePermissionsRequest = z.infer<typeof rolePermissionsRequestSchema>;

export const subordinateSchema = z.object({
  userCode: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  roleId: z.string(),
  roleName: z.string(),
  createdAt: z.string(),
});
export type Subordinate = z.infer<typeof subordinateSchema>;
export const subordinatesResponseSchema = z.array(subordinateSchema);

export const addSubordinateRequestSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name is too short').max(80),
  phone: indianMobileSchema,
  email: z
    .email('Enter a valid email')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  roleId: z.string({ error: 'Choose a role' }).min(1, 'Choose a role'),
});
export type AddSubordinateRequest = z.infer<typeof addSubordinateRequestSchema>;

export const removeSubordinateQuerySchema = z.object({ userCode: z.string().min(1, 'userCode is required') });

export const operatorVehicleSummarySchema = z.object({
  vehicleId: z.string(),
  number: z.string(),
  vehicleType: z.string(),
});
export const operatorVehiclesResponseSchema = z.array(operatorVehicleSummarySchema);
