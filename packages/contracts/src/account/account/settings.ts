import { z } from 'zod';
import { emailSchema } from './fields.ts';

// The account area: settings (per user).

export const NOTIFICATION_KINDS = ['TRIP_STAGES', 'PAYMENTS', 'LOW_BALANCE', 'DOCUMENTS_EXPIRING'] as const;
export const NOTIFICATION_CHANNELS = ['SMS', 'WHATSAPP', 'EMAIL'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const LANDING_SCREENS = ['HOME', 'LOADS', 'TRIPS', 'FASTAG', 'WALLET'] as const;

const channelsSchema = z.object({ SMS: z.boolean(), WHATSAPP: z.boolean(), EMAIL: z.boolean() });
export const settingsSchema = z.object({
  language: z.enum(['en', 'hi']),
  notifications: z.object({
    TRIP_STAGES: channelsSchema,
    PAYMENTS: channelsSchema,
    LOW_BALANCE: channelsSchema,
    DOCUMENTS_EXPIRING: channelsSchema,
  }),
  landingScreen: z.enum(LANDING_SCREENS),
  statementEmail: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsUpdateSchema = z
  .object({
    language: z.enum(['en', 'hi']).optional(),
    notifications: z
      .object({
        TRIP_STAGES: channelsSchema.partial().optional(),
        PAYMENTS: channelsSchema.partial().optional(),
        LOW_BALANCE: channelsSchema.partial().optional(),
        DOCUMENTS_EXPIRING: channelsSchema.partial().optional(),
      })
      .strict()
      .optional(),
    landingScreen: z.enum(LANDING_SCREENS).optional(),
    statementEmail: emailSchema.nullable().optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  notifications: {
    TRIP_STAGES: { SMS: true, WHATSAPP: true, EMAIL: false },
    PAYMENTS: { SMS: true, WHATSAPP: true, EMAIL: true },
    LOW_BALANCE: { SMS: true, WHATSAPP: true, EMAIL: false },
    DOCUMENTS_EXPIRING: { SMS: true, WHATSAPP: true, EMAIL: true },
  },
  landingScreen: 'HOME',
  statementEmail: null,
};
