import { z } from 'zod';

// The account area: app config (marketplace §3, §4, §9).

export const WALLET_RECHARGE_SOURCES = ['RAZORPAY', 'PAYTM'] as const;
export const LOAD_SCREENS = ['LIST', 'MAP'] as const;
/** spec: "Default activeScreen is 2"; screens 1 home, 2 loads, 3 trips, 4 wallet */
export const ACTIVE_SCREENS = [1, 2, 3, 4] as const;
export const DEFAULT_ACTIVE_SCREEN = 2;

export const appConfigSchema = z.object({
  subscriptionAmountInPaisa: z.number().int(),
  subscriptionTitle: z.string(),
  loadScreen: z.enum(LOAD_SCREENS),
  activeScreen: z.number().int(),
  walletRechargeSource: z.enum(WALLET_RECHARGE_SOURCES),
  showWarningBottomBanner: z.boolean(),
  buyGpsLink: z.string(),
  feedBackWidget: z.boolean(),
  show_vehicle_availability_card: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** What an operator may change; the plan's price and title and the recharge source are the platform's. */
export const appConfigUpdateSchema = z
  .object({
    loadScreen: z.enum(LOAD_SCREENS).optional(),
    activeScreen: z
      .number()
      .int()
      .refine((n) => (ACTIVE_SCREENS as readonly number[]).includes(n), 'activeScreen is 1 to 4')
      .optional(),
    showWarningBottomBanner: z.boolean().optional(),
    feedBackWidget: z.boolean().optional(),
    show_vehicle_availability_card: z.boolean().optional(),
  })
  .strict();
/** Whether the card shows, and what it says: the fleet's vehicles and how many no running trip holds. */
export const vehicleAvailabilitySchema = z.object({
  show: z.boolean(),
  totalVehicles: z.number().int(),
  freeVehicles: z.number().int(),
});
export type VehicleAvailability = z.infer<typeof vehicleAvailabilitySchema>;
