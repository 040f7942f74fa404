import { z } from 'zod';

/** LOCALITY: a post-office locality of the postal data set (ADR 113); the others are freight kinds */
export const ADDRESS_TYPES = ['CITY', 'LOCALITY', 'INDUSTRIAL_AREA', 'WAREHOUSE', 'PORT', 'MANDI', 'PLANT'] as const;
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
  /** one of the caller's saved places (ADR 115) */
  saved: z.boolean().optional(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeSearchResponseSchema = z.array(placeSchema);

// ---------- app search, saved places, selections, autocomplete (issue 13) ----------

/** spec: GET /odin/v2/map/app/search (text, addressTypes); a 6-digit text resolves a PIN code */
export const appSearchQuerySchema = z.object({
  text: z.string().trim().max(80).default(''),
  addressTypes: placeSearchQuerySchema.shape.addressTypes,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** spec: "Saved places: placeName, placeLat, placeLng, placeId" */
export const savedPlaceRequestSchema = z.object({
  placeName: z.string().trim().min(2, 'Enter a name for the place').max(80),
  placeLat: z.number().min(6, 'The place must be in India').max(37.5, 'The place must be in India'),
  placeLng: z.number().min(68, 'The place must be in India').max(97.5, 'The place must be in India'),
  /** the gazetteer place it was picked from, if any */
  placeId: z.string().trim().max(40).optional(),
});
export const savedPlaceSchema = z.object({
  id: z.string(),
  placeName: z.string(),
  placeLat: z.number(),
  placeLng: z.number(),
  placeId: z.string().nullable(),
  /** the city of the place it was picked from, when it came from the gazetteer */
  city: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedPlace = z.infer<typeof savedPlaceSchema>;
export const savedPlacesResponseSchema = z.array(savedPlaceSchema);
export const savedPlaceIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

/** spec: "POST places analytics selection": which result a search led to */
export const placeSelectionRequestSchema = z.object({
  placeId: z.string().trim().min(1).max(40),
  text: z.string().trim().max(80).default(''),
  source: z.enum(['SEARCH', 'AUTOCOMPLETE', 'SAVED']).default('SEARCH'),
  position: z.number().int().min(0).max(50).optional(),
});

export const AUTOCOMPLETE_TYPES = ['place', 'vehicle', 'consigner'] as const;
/** spec: autocomplete for place, vehicle and consigner with text, searchText, exp and operator id */
export const autocompleteQuerySchema = z.object({
  type: z.enum(AUTOCOMPLETE_TYPES),
  text: z.string().trim().max(80).optional(),
  searchText: z.string().trim().max(80).optional(),
  /** expanded: more suggestions (20 instead of 8) */
  exp: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** accepted for the spec's shape; the session's operator is always the one searched */
  operatorId: z.string().max(40).optional(),
});
export const suggestionSchema = z.object({ id: z.string(), label: z.string(), detail: z.string() });
export const autocompleteResponseSchema = z.object({ type: z.enum(AUTOCOMPLETE_TYPES), suggestions: z.array(suggestionSchema) });
