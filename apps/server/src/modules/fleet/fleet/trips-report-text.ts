import type { MaintenanceKind } from '@bhada/contracts/fleet/fleet';
import type { TripState } from '@bhada/contracts/trips/trips';
import { TRIP_STATE_LABELS } from '../../../lib/texts/trip-states.ts';

/** The trips report's words in each language the portal speaks, keyed by id (issue 50 §4). */
export type ReportLang = 'en' | 'hi';

export interface TripsReportWords {
  title: string;
  period: (from: string, to: string) => string;
  columns: [string, string, string, string, string, string, string, string, string, string];
  trip: string;
  maintenance: string;
  total: string;
  /** the freight total's note: which trips it leaves out */
  freightNote: string;
  states: Record<TripState | 'DONE', string>;
  kinds: Record<MaintenanceKind, string>;
  sheet: string;
}

const EN: TripsReportWords = {
  title: 'Trips report',
  period: (from, to) => `${from} to ${to} (India time)`,
  columns: ['Type', 'Trip ID', 'Start', 'End', 'Lane / work', 'Vehicle', 'Status', 'Freight (₹)', 'Tolls (₹)', 'Expenses (₹)'],
  trip: 'Trip',
  maintenance: 'Maintenance',
  total: 'Total',
  freightNote: 'Freight total leaves out cancelled trips and trips whose POD was rejected.',
  states: { ...TRIP_STATE_LABELS.en, DONE: 'Done' },
  kinds: { OIL_CHANGE: 'Oil change', TYRES: 'Tyres', SERVICE: 'General service', BRAKES: 'Brakes', BATTERY: 'Battery', OTHER: 'Other' },
  sheet: 'Trips',
};

const HI: TripsReportWords = {
  title: 'ट्रिप रिपोर्ट',
  period: (from, to) => `${from} से ${to} तक (भारतीय समय)`,
  columns: ['प्रकार', 'ट्रिप आईडी', 'शुरू', 'समाप्त', 'रूट / काम', 'गाड़ी', 'स्थिति', 'भाड़ा (₹)', 'टोल (₹)', 'खर्च (₹)'],
  trip: 'ट्रिप',
  maintenance: 'रखरखाव',
  total: 'कुल',
  freightNote: 'कुल भाड़े में रद्द ट्रिप और अस्वीकार POD वाली ट्रिप शामिल नहीं हैं।',
  states: { ...TRIP_STATE_LABELS.hi, DONE: 'हो गया' },
  kinds: { OIL_CHANGE: 'ऑयल बदलना', TYRES: 'टायर', SERVICE: 'सामान्य सर्विस', BRAKES: 'ब्रेक', BATTERY: 'बैटरी', OTHER: 'अन्य' },
  sheet: 'ट्रिप',
};

export const TRIPS_REPORT_WORDS: Record<ReportLang, TripsReportWords> = { en: EN, hi: HI };

/** Trips whose freight is not earned: left out of the freight total. */
export const UNEARNED_STATES: ReadonlySet<string> = new Set<TripState>(['CANCELLED', 'POD_REJECTED']);
