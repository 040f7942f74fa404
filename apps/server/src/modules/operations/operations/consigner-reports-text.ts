import type { REPORT_TYPES } from '@bhada/contracts/operations/operations';

/** The consigner reports' words in each language, keyed by id (issue 50 §3–4). */
export type ConsignerReportLang = 'en' | 'hi';
type ReportType = (typeof REPORT_TYPES)[number];

const EN = {
  titles: { VEHICLE_BY_OPERATOR: 'Vehicles by operator', TRIPS: 'Trips', PAYMENTS: 'Trip payments', TDS: 'TDS withheld' } as Record<
    ReportType,
    string
  >,
  period: 'Period',
  generated: 'Generated',
  range: (from: string, to: string) => `${from} to ${to}`,
  fromBeginning: 'the beginning',
  total: 'Total',
  operator: 'Operator',
  operatorId: 'Operator id',
  vehicleNumber: 'Vehicle number',
  vehicleType: 'Vehicle type',
  trips: 'Trips',
  completed: 'Completed',
  lanes: 'Lanes',
  lane: 'Lane',
  freight: 'Freight (₹)',
  lastTrip: 'Last trip',
  trip: 'Trip',
  date: 'Date',
  from: 'From',
  to: 'To',
  state: 'State',
  tds: 'TDS (₹)',
  paid: 'Paid (₹)',
  atBank: 'At the bank (₹)',
  due: 'Due (₹)',
  tdsWithheld: 'TDS withheld (₹)',
  tripsWithoutTds: 'Trips without TDS',
  mailSubject: (title: string) => `Bhada report: ${title}`,
  mailText: (title: string, rows: number) => `Your ${title.toLowerCase()} report is attached (${rows} rows).`,
};

export type ConsignerReportWords = typeof EN;

const HI: ConsignerReportWords = {
  titles: { VEHICLE_BY_OPERATOR: 'ऑपरेटर के अनुसार गाड़ियाँ', TRIPS: 'ट्रिप', PAYMENTS: 'ट्रिप भुगतान', TDS: 'काटा गया TDS' },
  period: 'अवधि',
  generated: 'बनाया गया',
  range: (from, to) => `${from} से ${to} तक`,
  fromBeginning: 'शुरुआत',
  total: 'कुल',
  operator: 'ऑपरेटर',
  operatorId: 'ऑपरेटर आईडी',
  vehicleNumber: 'गाड़ी नंबर',
  vehicleType: 'गाड़ी का प्रकार',
  trips: 'ट्रिप',
  completed: 'पूरी',
  lanes: 'रूट',
  lane: 'रूट',
  freight: 'भाड़ा (₹)',
  lastTrip: 'आख़िरी ट्रिप',
  trip: 'ट्रिप',
  date: 'तारीख',
  from: 'कहाँ से',
  to: 'कहाँ तक',
  state: 'स्थिति',
  tds: 'TDS (₹)',
  paid: 'भुगतान किया (₹)',
  atBank: 'बैंक में (₹)',
  due: 'बकाया (₹)',
  tdsWithheld: 'काटा गया TDS (₹)',
  tripsWithoutTds: 'बिना TDS की ट्रिप',
  mailSubject: (title) => `भाड़ा रिपोर्ट: ${title}`,
  mailText: (title, rows) => `आपकी ${title} रिपोर्ट संलग्न है (${rows} पंक्तियाँ)।`,
};

export const CONSIGNER_REPORT_WORDS: Record<ConsignerReportLang, ConsignerReportWords> = { en: EN, hi: HI };
