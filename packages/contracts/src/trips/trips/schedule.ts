import { z } from 'zod';
import { delayReportSchema, slotSchema } from './shapes.ts';

// Reasons, slots and delays.

export const REASON_ACTIONS = ['CANCEL', 'REPLACE_VEHICLE', 'DELAY', 'REMARK'] as const;
export const reasonActionSchema = z.enum(REASON_ACTIONS);
export type ReasonAction = z.infer<typeof reasonActionSchema>;

export const REASONS: Record<ReasonAction, ReadonlyArray<{ code: string; label: string; labelHi: string }>> = {
  CANCEL: [
    { code: 'VEHICLE_BREAKDOWN', label: 'Vehicle broke down', labelHi: 'गाड़ी खराब हो गई' },
    { code: 'DRIVER_UNAVAILABLE', label: 'Driver not available', labelHi: 'ड्राइवर उपलब्ध नहीं' },
    { code: 'RATE_ISSUE', label: 'Rate not workable', labelHi: 'रेट नहीं जम रहा' },
    { code: 'LOAD_NOT_READY', label: 'Load not ready at loading point', labelHi: 'लोडिंग पॉइंट पर माल तैयार नहीं' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  REPLACE_VEHICLE: [
    { code: 'VEHICLE_BREAKDOWN', label: 'Vehicle broke down', labelHi: 'गाड़ी खराब हो गई' },
    { code: 'SIZE_MISMATCH', label: 'Vehicle size does not fit the load', labelHi: 'गाड़ी का साइज़ माल के लायक नहीं' },
    { code: 'DRIVER_UNAVAILABLE', label: 'Driver not available', labelHi: 'ड्राइवर उपलब्ध नहीं' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  DELAY: [
    { code: 'TRAFFIC', label: 'Traffic jam', labelHi: 'ट्रैफिक जाम' },
    { code: 'BREAKDOWN', label: 'Breakdown on the way', labelHi: 'रास्ते में गाड़ी खराब' },
    { code: 'WAITING_AT_POINT', label: 'Waiting at loading/unloading point', labelHi: 'लोडिंग/अनलोडिंग पॉइंट पर इंतज़ार' },
    { code: 'DOCUMENTS', label: 'Documents pending', labelHi: 'कागज़ात बाकी' },
    { code: 'WEATHER', label: 'Bad weather', labelHi: 'खराब मौसम' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  REMARK: [
    { code: 'GENERAL', label: 'General remark', labelHi: 'सामान्य टिप्पणी' },
    { code: 'SHORTAGE', label: 'Shortage reported', labelHi: 'माल कम बताया गया' },
    { code: 'DAMAGE', label: 'Damage reported', labelHi: 'माल खराब बताया गया' },
  ],
};

export const reasonsQuerySchema = z.object({ action: reasonActionSchema });
export const reasonSchema = z.object({ code: z.string(), label: z.string(), labelHi: z.string() });
export const reasonsResponseSchema = z.object({ action: reasonActionSchema, heading: z.string(), reasons: z.array(reasonSchema) });

export const slotLocationSchema = z.enum(['LOADING', 'UNLOADING']);
export const slotQuerySchema = z.object({ location: slotLocationSchema.default('LOADING') });
export const slotWindowSchema = z.object({ start: z.string(), end: z.string(), available: z.boolean(), selected: z.boolean() });
export const slotResponseSchema = z.object({
  location: slotLocationSchema,
  pointName: z.string(),
  selected: slotSchema.nullable(),
  windows: z.array(slotWindowSchema),
});
export type SlotResponse = z.infer<typeof slotResponseSchema>;
export const bookSlotRequestSchema = z.object({
  location: slotLocationSchema.default('LOADING'),
  start: z.iso.datetime({ offset: true, error: 'Choose one of the available slots' }),
});
export const loadingSlotRequestSchema = z.object({ start: z.iso.datetime({ offset: true, error: 'Choose one of the available slots' }) });
/** bookable windows: 2 hours each, 06:00–22:00 India time, today and the next 2 days */
export const SLOT_HOURS = 2;
export const SLOT_FIRST_HOUR_IST = 6;
export const SLOT_LAST_HOUR_IST = 22;
export const SLOT_DAYS = 3;

export const DELAY_TYPES = ['LOADING', 'TRANSIT', 'UNLOADING'] as const;
export const delayTypeSchema = z.enum(DELAY_TYPES);
export const delayQuerySchema = z.object({ type: delayTypeSchema.default('TRANSIT') });
/** spec §3 Trip remarks: reasons, heading, slots, infoWidget */
export const delayResponseSchema = z.object({
  type: delayTypeSchema,
  heading: z.string(),
  reasons: z.array(reasonSchema),
  slots: z.array(slotWindowSchema),
  infoWidget: z.object({ title: z.string(), description: z.string() }).nullable(),
  reported: z.array(delayReportSchema),
});
export const updateDelayRequestSchema = z.object({
  type: delayTypeSchema,
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
  remarks: z.string().trim().max(500).optional(),
  expectedAt: z.iso.datetime({ offset: true }).optional(),
});
