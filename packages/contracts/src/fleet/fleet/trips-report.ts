import { z } from 'zod';
import { isoDate } from './vehicles.ts';

/** The operator's trips report (issue 12 point 6, ADR 102). */
/** the longest period one trips report covers */
export const TRIPS_REPORT_MAX_DAYS = 366;
export const TRIPS_REPORT_MESSAGES = {
  future: 'The period cannot end in the future',
  order: 'The start date must be on or before the end date',
  tooLong: `Pick a period of at most ${TRIPS_REPORT_MAX_DAYS} days`,
} as const;
export const tripsReportQuerySchema = z.object({
  fromDate: isoDate,
  toDate: isoDate,
  format: z.enum(['xlsx', 'pdf'], { error: 'Choose xlsx or pdf' }),
});
export type TripsReportQuery = z.infer<typeof tripsReportQuerySchema>;
