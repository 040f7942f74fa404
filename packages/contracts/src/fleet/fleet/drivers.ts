import { z } from 'zod';
import { indianMobileSchema } from '../../common/index.ts';
import { FLEET_MESSAGES, isoDate } from './vehicles.ts';

/** Drivers an operator keeps on its books, with their licences. */
export const LICENCE_RE = /^[A-Z]{2}\d{2}\d{4}\d{7}$/;
export function normaliseLicence(raw: string): string | null {
  const s = raw.toUpperCase().replace(/[\s-]/g, '');
  return LICENCE_RE.test(s) ? s : null;
}
export const licenceSchema = z
  .string()
  .trim()
  .max(24)
  .transform((v, c) => {
    const n = normaliseLicence(v);
    if (!n) {
      c.addIssue({ code: 'custom', message: FLEET_MESSAGES.licenceInvalid });
      return z.NEVER;
    }
    return n;
  });
export const driverSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  phone: z.string(),
  licenceNumber: z.string().nullable(),
  licenceExpiry: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  tripsDriven: z.number().int(),
  onActiveTrip: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;
export const driverRequestSchema = z.object({
  name: z.string().trim().min(2, 'Enter the driver name').max(60),
  phone: indianMobileSchema,
  licenceNumber: licenceSchema.nullable().optional(),
  licenceExpiry: isoDate.nullable().optional(),
  vehicleId: z.string().min(1).max(40).nullable().optional(),
});
export type DriverRequest = z.infer<typeof driverRequestSchema>;
