import { z } from 'zod';
import { MAX_MOVEMENT_PAISA } from '../../money/amounts/index.ts';
import { optionalText, page, pageParams, text } from './schemas.ts';

/** Lookups, consignees and consignments. */
// ---- lookups

export const LOAD_TYPES = ['FTL', 'PTL', 'CONTAINER', 'ODC', 'BULK', 'TANKER'] as const;
export const loadTypeSchema = z.enum(LOAD_TYPES, { error: 'Choose a load type' });
export type LoadType = z.infer<typeof loadTypeSchema>;
export const loadTypesResponseSchema = z.object({ loadTypes: z.array(z.object({ code: loadTypeSchema })) });

export const laneSchema = z.object({ code: z.string(), originCity: z.string(), destinationCity: z.string() });
export type Lane = z.infer<typeof laneSchema>;
export const lanesResponseSchema = z.object({ lanes: z.array(laneSchema) });

// ---- consignees

export const consigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
});
export type Consignee = z.infer<typeof consigneeSchema>;
export const cCodeQuerySchema = z.object({ cCode: text(40, 'cCode is required') });
export const consigneeListResponseSchema = z.object({ consignees: z.array(consigneeSchema) });

// ---- consignments

export const CONSIGNMENT_STATUSES = ['BOOKED', 'IN_TRANSIT', 'DELIVERED'] as const;
export const consignmentAuditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string(),
  at: z.string(),
  /** field → [before, after] for the fields that changed */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export const consignmentSchema = z.object({
  cId: z.string(),
  cCode: z.string(),
  tripId: z.string().nullable(),
  consignerCode: z.string(),
  consignerName: z.string(),
  consignee: consigneeSchema.nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  laneCode: z.string().nullable(),
  originCity: z.string(),
  destinationCity: z.string(),
  loadType: loadTypeSchema,
  material: z.string(),
  weightKg: z.number().int(),
  packages: z.number().int(),
  freightInPaisa: z.number().int(),
  status: z.enum(CONSIGNMENT_STATUSES),
  version: z.number().int(),
  deleted: z.boolean(),
  /** why delete is refused, or null when it is allowed */
  deleteBlockedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(consignmentAuditSchema),
});
export type Consignment = z.infer<typeof consignmentSchema>;
export const consignmentIdQuerySchema = z.object({ cId: text(40, 'cId is required') });
export const consignmentListQuerySchema = z.object({ ...pageParams, search: optionalText(40) });
export const consignmentListItemSchema = consignmentSchema.pick({
  cId: true,
  cCode: true,
  consignerName: true,
  originCity: true,
  destinationCity: true,
  status: true,
  freightInPaisa: true,
  updatedAt: true,
});
export const consignmentListResponseSchema = page(consignmentListItemSchema);

export const updateConsignmentRequestSchema = z.object({
  /** absent: staff create a consignment directly */
  cId: z.string().trim().min(1).max(40).optional(),
  /** the version the form was loaded at; a newer row answers 409 */
  version: z.number().int().min(1).optional(),
  consignerCode: text(40, 'Choose the consigner'),
  consigneeId: z.string().trim().max(40).nullable().optional(),
  tripId: z.string().trim().max(40).nullable().optional(),
  laneCode: z.string().trim().max(20).nullable().optional(),
  originCity: text(80, 'Enter the origin city'),
  destinationCity: text(80, 'Enter the destination city'),
  loadType: loadTypeSchema,
  material: text(120, 'Enter the material'),
  weightKg: z.coerce
    .number({ error: 'Enter the weight in kg' })
    .int('Enter the weight in kg')
    .min(1, 'Enter the weight in kg')
    .max(100_000, 'Weight is too high'),
  packages: z.coerce.number({ error: 'Enter the number of packages' }).int().min(0).max(100_000).default(0),
  freightInPaisa: z.coerce
    .number({ error: 'Invalid amount' })
    .int('Invalid amount')
    .min(0, 'Invalid amount')
    .max(MAX_MOVEMENT_PAISA, 'Invalid amount'),
});
export type UpdateConsignmentRequest = z.input<typeof updateConsignmentRequestSchema>;
export const deleteConsignmentResponseSchema = z.object({ cId: z.string(), deleted: z.literal(true) });
