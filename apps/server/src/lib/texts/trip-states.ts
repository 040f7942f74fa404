import type { TripState } from '@bhada/contracts/trips/trips';

/** A trip state's label in each language, for the files the server writes (reports, dockets). */
export const TRIP_STATE_LABELS: Record<'en' | 'hi', Record<TripState, string>> = {
  en: {
    ASSIGNED: 'Vehicle assigned',
    REACHED_LOADING: 'At loading point',
    LOADED: 'Loaded',
    IN_TRANSIT: 'In transit',
    REACHED_UNLOADING: 'At unloading point',
    UNLOADED: 'Unloaded',
    POD_SUBMITTED: 'POD submitted',
    POD_REJECTED: 'POD rejected',
    POD_VERIFIED: 'POD verified',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
  },
  hi: {
    ASSIGNED: 'गाड़ी तय',
    REACHED_LOADING: 'लोडिंग पॉइंट पर',
    LOADED: 'लोड हो गया',
    IN_TRANSIT: 'रास्ते में',
    REACHED_UNLOADING: 'अनलोडिंग पॉइंट पर',
    UNLOADED: 'अनलोड हो गया',
    POD_SUBMITTED: 'POD जमा',
    POD_REJECTED: 'POD अस्वीकार',
    POD_VERIFIED: 'POD सत्यापित',
    COMPLETED: 'पूरी',
    CANCELLED: 'रद्द',
  },
};

/** A state's label, or the code itself for a state this build does not know. */
export const tripStateLabel = (state: string, lang: 'en' | 'hi') => (TRIP_STATE_LABELS[lang] as Record<string, string>)[state] ?? state;
