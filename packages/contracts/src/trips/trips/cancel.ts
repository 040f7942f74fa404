import { z } from 'zod';
import { indianMobileSchema } from '../../common/index.ts';
import { tripStateSchema } from './states.ts';

// Cancelling a trip and replacing its vehicle.

export const cancelConfirmationSchema = z.object({
  allowed: z.boolean(),
  tokenInPaisa: z.number().int(),
  refundInPaisa: z.number().int(),
  forfeitInPaisa: z.number().int(),
  message: z.string(),
});
export const cancelRequestSchema = z.object({
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
  remarks: z.string().trim().max(500).optional(),
});
export const cancelResponseSchema = z.object({ tripId: z.string(), state: tripStateSchema, refundInPaisa: z.number().int() });

export const replaceVehicleRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  vehicleId: z.string().min(1, 'Choose a vehicle').max(40),
  driverName: z.string().trim().min(2, 'Driver name is required').max(80),
  driverNumber: indianMobileSchema,
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
});
export const notifyConsignerRequestSchema = z.object({ message: z.string().trim().max(300).optional() });
export const NOTIFY_QUIET_SECONDS = 600;

export const biltiViewUrlsSchema = z.object({ urls: z.array(z.object({ resourceKey: z.string(), url: z.string() })) });
