import { z } from 'zod';
import { ACCOUNT_MESSAGES, isoDateSchema, nameSchema, panSchema, pinCodeSchema, VEHICLE_NUMBER_RE } from './fields.ts';

// The account area: TDS declaration and undertaking (section 194C(6)).

export const DECLARATION_KINDS = ['TDS_DECLARATION', 'UNDERTAKING'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];
export const MAX_GOODS_CARRIAGES = 10;

export const declarationRequestSchema = z.object({
  name: nameSchema,
  fatherName: nameSchema,
  panNumber: panSchema,
  street: z.string().trim().min(3, 'Enter the street address').max(200),
  city: z.string().trim().min(2, 'Enter the city').max(60),
  state: z.string().trim().min(2, 'Enter the state').max(60),
  pinCode: pinCodeSchema,
  /** the declarant's mobile number */
  number: z
    .string()
    .trim()
    .regex(/^[6-9][0-9]{9}$/, 'Enter a 10-digit mobile number'),
  /** the operator's code as printed on the declaration; defaults to the operator id */
  opCode: z.string().trim().max(40).optional(),
  vehicleNumber: z
    .array(
      z
        .string()
        .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
        .pipe(z.string().regex(VEHICLE_NUMBER_RE, ACCOUNT_MESSAGES.vehicleNumber)),
    )
    .min(1, ACCOUNT_MESSAGES.vehicleNumber)
    .max(MAX_GOODS_CARRIAGES, ACCOUNT_MESSAGES.vehicleCount),
  /** the date signed (no later than today) */
  currentDate: isoDateSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type DeclarationRequest = z.infer<typeof declarationRequestSchema>;

export const DECLARATION_STATUSES = ['ACTIVE', 'UPCOMING', 'EXPIRED'] as const;
export const declarationSchema = z.object({
  id: z.string(),
  kind: z.enum(DECLARATION_KINDS),
  name: z.string(),
  fatherName: z.string(),
  panNumber: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  number: z.string(),
  opCode: z.string(),
  vehicleNumber: z.array(z.string()),
  currentDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  financialYear: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  createdAt: z.string(),
  pdfPath: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;
export const declarationsResponseSchema = z.object({
  tdsDeclared: z.boolean(),
  undertakingDeclared: z.boolean(),
  declarations: z.array(declarationSchema),
});
export const declarationIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

/** The financial year (April to March) a date falls in, as "2026-27". */
export function financialYearOf(isoDate: string): string {
  const [y = 0, m = 0] = isoDate.split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
