import { z } from 'zod';

export const DISPLAY_PAGES = ['ACTIVE_LOADS', 'LOAD_DETAILS', 'TOKEN', 'TRIPS', 'HOME'] as const;

export const bannerQuerySchema = z.object({ displayPage: z.string().trim().max(40).default('ACTIVE_LOADS') });

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  titleHi: z.string(),
  body: z.string(),
  bodyHi: z.string(),
  /** an app path or https link; null for information only */
  link: z.string().nullable(),
  tone: z.enum(['info', 'success', 'warning']),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersResponseSchema = z.array(bannerSchema);
