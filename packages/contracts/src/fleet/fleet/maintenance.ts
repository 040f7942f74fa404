import { z } from 'zod';
import { isoDate } from './vehicles.ts';

/** Maintenance reminders (issue 12 point 7, ADR 101). */
export const MAINTENANCE_KINDS = ['OIL_CHANGE', 'TYRES', 'SERVICE', 'BRAKES', 'BATTERY', 'OTHER'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
/** OK, DUE (within 7 days or 500 km; a document within 15 days), OVERDUE (past the date or the reading) */
export const MAINTENANCE_FLAGS = ['OK', 'DUE', 'OVERDUE'] as const;
export type MaintenanceFlag = (typeof MAINTENANCE_FLAGS)[number];
export const MAINTENANCE_DUE_DAYS = 7;
export const MAINTENANCE_DUE_KM = 500;
export const DOCUMENT_DUE_DAYS = 15;
/** the largest single maintenance cost accepted: ₹10,00,000 in paisa */
export const MAINTENANCE_MAX_COST_PAISA = 100_000_000;

export const MAINTENANCE_MESSAGES = {
  reminderNotFound: 'Reminder not found',
  dueRequired: 'Give a due date or a due odometer reading',
  alreadyDone: 'This reminder is already marked done',
  doneInFuture: 'The done date cannot be in the future',
  costInvalid: 'Enter the cost in paisa as a whole number, 0 or more',
  dueBelowReading: 'The due reading must be above the current odometer reading',
} as const;

const odometer = z
  .number({ error: 'Enter the odometer reading in km' })
  .int('Enter the odometer reading in whole km')
  .min(0)
  .max(5_000_000);

export const maintenanceReminderRequestSchema = z
  .object({
    vehicleId: z.string().min(1, 'Choose a vehicle').max(40),
    kind: z.enum(MAINTENANCE_KINDS, { error: 'Choose a service type' }),
    note: z.string().trim().max(200, 'Keep the note under 200 characters').nullable().optional(),
    dueOn: isoDate.nullable().optional(),
    dueOdometerKm: odometer.nullable().optional(),
    odometerKm: odometer.nullable().optional(),
  })
  .superRefine((v, c) => {
    if (!v.dueOn && v.dueOdometerKm == null) c.addIssue({ code: 'custom', path: ['dueOn'], message: MAINTENANCE_MESSAGES.dueRequired });
    if (v.dueOdometerKm != null && v.odometerKm != null && v.dueOdometerKm <= v.odometerKm)
      c.addIssue({ code: 'custom', path: ['dueOdometerKm'], message: MAINTENANCE_MESSAGES.dueBelowReading });
  });
export type MaintenanceReminderRequest = z.infer<typeof maintenanceReminderRequestSchema>;

export const maintenanceDoneRequestSchema = z.object({
  doneOn: isoDate,
  note: z.string().trim().max(200, 'Keep the note under 200 characters').nullable().optional(),
  costPaisa: z
    .number({ error: MAINTENANCE_MESSAGES.costInvalid })
    .int(MAINTENANCE_MESSAGES.costInvalid)
    .min(0, MAINTENANCE_MESSAGES.costInvalid)
    .max(MAINTENANCE_MAX_COST_PAISA, 'The cost is too large'),
  odometerKm: odometer.nullable().optional(),
});
export type MaintenanceDoneRequest = z.infer<typeof maintenanceDoneRequestSchema>;

export const maintenanceReminderSchema = z.object({
  reminderId: z.string(),
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  note: z.string().nullable(),
  dueOn: z.string().nullable(),
  dueOdometerKm: z.number().int().nullable(),
  odometerKm: z.number().int().nullable(),
  status: z.enum(['OPEN', 'DONE']),
  flag: z.enum(MAINTENANCE_FLAGS),
  doneOn: z.string().nullable(),
  doneNote: z.string().nullable(),
  costPaisa: z.number().int().nullable(),
});
export type MaintenanceReminder = z.infer<typeof maintenanceReminderSchema>;

export const maintenanceDocumentSchema = z.object({
  documentId: z.string(),
  docType: z.string(),
  expiresOn: z.string(),
  status: z.string(),
  flag: z.enum(MAINTENANCE_FLAGS),
});

export const maintenanceVehicleSchema = z.object({
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  documents: z.array(maintenanceDocumentSchema),
  reminders: z.array(maintenanceReminderSchema),
});
export type MaintenanceVehicle = z.infer<typeof maintenanceVehicleSchema>;

export const maintenanceReminderParamsSchema = z.object({ id: z.string().min(1).max(60) });
