import { z } from 'zod';

export const ADDRESS_TYPES = ['CITY', 'INDUSTRIAL_AREA', 'WAREHOUSE', 'PORT', 'MANDI', 'PLANT'] as const;
export const addressTypeSchema = z.enum(ADDRESS_TYPES);

export const placeSearchQuerySchema = z.object({
  searchText: z.string().trim().max(80).default(''),
  /** comma separated ADDRESS_TYPES; all when absent */
  addressTypes: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s): s is (typeof ADDRESS_TYPES)[number] => (ADDRESS_TYPES as readonly string[]).includes(s)),
    ),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const placeSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  addressType: addressTypeSchema,
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type Place = z.infer<typeof placeSchema>;
export const placeSearchResponseSchema = z.array(placeSchema);
