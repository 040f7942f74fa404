import { z } from 'zod';
import { tripStateSchema } from './states.ts';

// The admin's trip and POD decisions, and the web routes of the area.

export const adminTripsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: tripStateSchema.optional(),
});
export const verifyPodRequestSchema = z.object({
  deductions: z
    .array(z.object({ reason: z.string().trim().min(2).max(200), amountInPaisa: z.number().int().positive('Invalid amount') }))
    .max(10)
    .default([]),
});
export const rejectPodRequestSchema = z.object({ reason: z.string().trim().min(3, 'Give a reason').max(300) });
export const chargeDecisionRequestSchema = z.object({
  approve: z.boolean(),
  approvedAmountInPaisa: z.number().int().positive('Invalid amount').optional(),
  reason: z.string().trim().max(300).optional(),
});
export const chargeIdParamsSchema = z.object({ id: z.string().min(1).max(40), chargeId: z.string().min(1).max(40) });

/** Web routes of the trips area (fastag §2.4 web views). */
export const tripRoutes = {
  detailsV2: (tripId: string) => `/web-view/marketplace/trips/details/v2/${tripId}`,
  details: (tripId: string) => `/web-view/marketplace/trips/details/${tripId}`,
  activeLoads: '/web-view/marketplace/active-loads',
};
