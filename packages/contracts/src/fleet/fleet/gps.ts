import { z } from 'zod';
import { indianMobileSchema } from '../../common/index.ts';
import { isoDate } from './vehicles.ts';

/** GPS devices: orders, eligibility and the admin desk's installation queue. */
export const GPS_ORDER_STATUSES = ['PLACED', 'SCHEDULED', 'INSTALLED', 'CANCELLED'] as const;
export type GpsOrderStatus = (typeof GPS_ORDER_STATUSES)[number];
export const gpsOrderSchema = z.object({
  orderId: z.string(),
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  status: z.enum(GPS_ORDER_STATUSES),
  scheduledFor: z.string().nullable(),
  deviceId: z.string().nullable(),
  createdAt: z.string(),
});
export const gpsEligibilitySchema = z.object({
  vehicleId: z.string(),
  eligible: z.boolean(),
  /** VERIFIED, NOT_VERIFIED, HAS_DEVICE or ORDER_OPEN */
  reason: z.enum(['ELIGIBLE', 'NOT_VERIFIED', 'HAS_DEVICE', 'ORDER_OPEN']),
});
export const gpsInfoSchema = z.object({
  productName: z.string(),
  features: z.array(z.string()),
  images: z.array(z.string()),
  /** the device is fitted free; the monthly plan is settled by the team on the call (ADR 100) */
  priceInPaisa: z.number().int(),
  orders: z.array(gpsOrderSchema),
});
export const installGpsRequestSchema = z.object({ contactPhone: indianMobileSchema.optional() });
export const adminGpsMoveSchema = z.object({
  status: z.enum(['SCHEDULED', 'INSTALLED', 'CANCELLED']),
  scheduledFor: isoDate.optional(),
});
export const adminGpsOrderSchema = gpsOrderSchema.extend({
  operatorId: z.string(),
  operatorName: z.string(),
  contactPhone: z.string(),
  /** shown once when the device is registered at installation: the tracker's identifier */
  deviceIdentifier: z.string().nullable(),
});
