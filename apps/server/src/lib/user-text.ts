/**
 * Text the server writes for people to read — ledger memos shown in the passbook, a bank's reason for
 * a failed top-up — in the reader's language (ADR 147). The ledger keeps one memo per journal entry
 * in English, the language of the audit trail and the statements' accountants; a Hindi reader gets
 * it rendered from the catalogue below when the answer is built. Names, vehicle numbers and codes
 * inside a memo stay as written.
 */
export type TextLocale = 'en' | 'hi';

/** The language a request reads: the `locale` header the web sends (the language picked in that browser), else the saved one. */
export function textLocale(header: unknown, saved?: string | null): TextLocale {
  if (header === 'hi' || header === 'en') return header;
  return saved === 'hi' ? 'hi' : 'en';
}

type Rule = [RegExp, (...parts: string[]) => string];

/** Every memo the modules and the seed write, most specific first (a memo test keeps this list whole). */
const MEMOS: Rule[] = [
  [/^Advance for trip (\S+)$/, (trip) => `ट्रिप ${trip} का एडवांस`],
  [/^Token returned for trip (\S+)$/, (trip) => `ट्रिप ${trip} का टोकन लौटाया गया`],
  [/^Balance for trip (\S+)$/, (trip) => `ट्रिप ${trip} का बकाया भुगतान`],
  [/^Token on cancelled trip (\S+)$/, (trip) => `रद्द ट्रिप ${trip} का टोकन`],
  [/^Token for demo trip (\S+)$/, (trip) => `डेमो ट्रिप ${trip} का टोकन`],
  [
    /^Token cancelled for load (\S+): refund (₹\S+), fee (₹\S+)$/,
    (load, refund, fee) => `लोड ${load} का टोकन रद्द: ${refund} वापस, ${fee} शुल्क`,
  ],
  [/^Token for load (\S+) \((.+)\)$/, (load, lane) => `लोड ${load} (${lane}) का टोकन`],
  [/^Auto-recharge for (.+)$/, (vehicle) => `${vehicle} का ऑटो-रिचार्ज`],
  [/^Fastag recharge for (.+)$/, (vehicle) => `${vehicle} का फास्टैग रिचार्ज`],
  [/^Toll reversal at (.+)$/, (plaza) => `${plaza} पर टोल वापसी`],
  [/^Toll at (.+)$/, (plaza) => `${plaza} पर टोल`],
  [/^Referral reward: (.+) completed a first trip$/, (name) => `रेफ़रल इनाम: ${name} ने पहली ट्रिप पूरी की`],
  [/^Collection (\S+) for consignment (\S+)$/, (id, code) => `कंसाइनमेंट ${code} के लिए वसूली ${id}`],
  [/^Added money via (.+)$/, (mode) => `${modeHi(mode)} से पैसे जोड़े गए`],
  [/^Money added to wallet$/, () => 'वॉलेट में पैसे जोड़े गए'],
  [/^Demo opening balance$/, () => 'डेमो शुरुआती बैलेंस'],
  [/^Wallet top-up$/, () => 'वॉलेट टॉप-अप'],
  [/^(.+): (\S+) days$/, (plan, days) => `${planTitleText(plan, 'hi')}: ${days} दिन`],
];

const MODES: Record<string, string> = {
  UPI: 'UPI',
  'Net Banking': 'नेट बैंकिंग',
  NB: 'नेट बैंकिंग',
  'Credit Card': 'क्रेडिट कार्ड',
  'Debit Card': 'डेबिट कार्ड',
  Card: 'कार्ड',
  CC: 'क्रेडिट कार्ड',
  DC: 'डेबिट कार्ड',
  Wallet: 'वॉलेट',
};
const modeHi = (mode: string) => MODES[mode] ?? mode;

/** Plan titles the catalogue knows; a plan added later shows its own title until it is named here. */
const PLAN_TITLES: Record<string, string> = {
  'Bhada Membership': 'भाड़ा सदस्यता',
  'Bhada Load Membership': 'भाड़ा लोड सदस्यता',
};
export function planTitleText(title: string, locale: TextLocale): string {
  return locale === 'hi' ? (PLAN_TITLES[title] ?? title) : title;
}

function render(rules: Rule[], text: string): string | undefined {
  for (const [pattern, hindi] of rules) {
    const match = pattern.exec(text);
    if (match) return hindi(...match.slice(1));
  }
  return undefined;
}

/** A ledger memo in the reader's language; an unknown memo (a new writer not yet named above) stays as written. */
export function memoText(memo: string, locale: TextLocale): string {
  if (locale === 'en') return memo;
  return render(MEMOS, memo) ?? memo;
}

/** What banks, the payment provider and this portal say about a payment that did not go through. */
const REMARKS: Rule[] = [
  [/^Transaction declined by bank$/i, () => 'बैंक ने लेन-देन अस्वीकार कर दिया'],
  [/^Card declined by the issuing bank$/i, () => 'कार्ड जारी करने वाले बैंक ने कार्ड अस्वीकार कर दिया'],
  [
    /^Your payment has been declined by your bank\. Please try again or use a different method\.$/i,
    () => 'आपके बैंक ने भुगतान अस्वीकार कर दिया। कृपया फिर से कोशिश करें या कोई दूसरा तरीका चुनें।',
  ],
  [
    /^Payment failed\. Any amount debited will be refunded in 5-7 working days$/i,
    () => 'भुगतान विफल रहा। कटी हुई राशि 5-7 कार्य दिवसों में वापस आ जाएगी',
  ],
  [/^UPI request expired$/i, () => 'UPI अनुरोध की समय-सीमा समाप्त हो गई'],
  [/^Awaiting confirmation from the bank$/i, () => 'बैंक से पुष्टि की प्रतीक्षा है'],
  [
    /^Looks like the payment is not complete\. Please wait while we confirm the status with your bank\.$/i,
    () => 'लगता है भुगतान पूरा नहीं हुआ। कृपया प्रतीक्षा करें, हम आपके बैंक से स्थिति की पुष्टि कर रहे हैं।',
  ],
  [/^Payment Processing\. Please wait for 15 minutes\.$/i, () => 'भुगतान प्रक्रिया में है। कृपया 15 मिनट प्रतीक्षा करें।'],
  [
    /^We could not confirm this payment with the bank within 72 hours\. Any amount debited will be refunded\.$/i,
    () => 'हम 72 घंटों में बैंक से इस भुगतान की पुष्टि नहीं कर सके। कटी हुई राशि वापस कर दी जाएगी।',
  ],
  [/^Payment was not completed\.$/i, () => 'भुगतान पूरा नहीं हुआ।'],
  [/^Payment service is not reachable right now\. Please try again\.$/i, () => 'भुगतान सेवा अभी उपलब्ध नहीं है। कृपया फिर से कोशिश करें।'],
  [
    /^Paid more than was due; the extra is kept as your credit with Bhada$/i,
    () => 'बकाया से ज़्यादा भुगतान हुआ; अतिरिक्त राशि भाड़ा के पास आपके क्रेडिट के रूप में रखी गई है',
  ],
];

/**
 * A payment's status remarks in the reader's language. A bank's own wording that the catalogue does
 * not know is replaced, for a Hindi reader, by what the status means — the reader never meets English.
 */
export function remarksText(remarks: string | null, status: string, locale: TextLocale): string | null {
  if (remarks === null || locale === 'en') return remarks;
  const known = render(REMARKS, remarks.trim());
  if (known) return known;
  if (status === 'FAILURE') return 'बैंक ने यह भुगतान पूरा नहीं किया';
  if (status === 'PENDING') return 'बैंक से पुष्टि की प्रतीक्षा है';
  return /[A-Za-z]{3}/.test(remarks) ? null : remarks;
}
