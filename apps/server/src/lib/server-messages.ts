/**
 * The messages the server sends in an envelope — refusals above all, shown to the user as a notice — in
 * the reader's language (ADR 161, after ADR 147). The contracts and the modules keep writing the spec's
 * English; the envelope's `message` is rendered here when the answer leaves, from one catalogue keyed by
 * that exact English. A message with parts (a vehicle number, an amount, a date) has a rule; a validation
 * message zod writes itself is rendered from its issue; anything still unknown becomes, for a Hindi
 * reader, what its error code means, so a Hindi reader never meets an English notice. A test walks every
 * message the contracts and the server's source can send and fails on one without a Hindi text.
 */
import { HINDI } from './server-messages.hi.ts';
import { memoText, type TextLocale } from './user-text.ts';

/** Words that travel inside a message: trip states and stages, GPS order states, payment states, field names. */
const TERMS: Record<string, string> = {
  // trip states as the stage-mismatch message writes them (lower case, spaces)
  assigned: 'गाड़ी लगाई गई',
  'reached loading': 'लोडिंग पॉइंट पर पहुँची',
  loaded: 'लोड हो चुकी',
  'in transit': 'रास्ते में',
  'reached unloading': 'अनलोडिंग पॉइंट पर पहुँची',
  unloaded: 'अनलोड हो चुकी',
  'pod submitted': 'POD जमा',
  'pod rejected': 'POD अस्वीकार',
  'pod verified': 'POD की जाँच पूरी',
  completed: 'पूरी',
  cancelled: 'रद्द',
  // the steps a trip takes
  'vehicle assigned': 'गाड़ी लगाना',
  'reached loading point': 'लोडिंग पॉइंट पर पहुँचना',
  loading: 'लोडिंग',
  'start of the trip': 'ट्रिप शुरू करना',
  'reaching the unloading point': 'अनलोडिंग पॉइंट पर पहुँचना',
  unloading: 'अनलोडिंग',
  'POD submission': 'POD जमा करना',
  'POD rejection': 'POD अस्वीकार करना',
  'POD verification': 'POD की जाँच',
  completion: 'ट्रिप पूरी करना',
  cancellation: 'रद्द करना',
  // GPS orders
  PLACED: 'ऑर्डर हुआ',
  SCHEDULED: 'तय हुआ',
  INSTALLED: 'लग गया',
  CANCELLED: 'रद्द',
  // payment states
  SUCCESS: 'सफल',
  PENDING: 'बाकी',
  FAILURE: 'असफल',
  FAILED: 'असफल',
  // named fields
  'tyre count': 'टायरों की संख्या',
  size: 'आकार',
  tonnage: 'टन भार',
  height: 'ऊँचाई',
  quote: 'भाव',
  'token amount': 'टोकन की रकम',
  'target price': 'लक्ष्य भाड़ा',
};
const term = (word: string) => TERMS[word] ?? TERMS[word.toUpperCase()] ?? word;

type Rule = [RegExp, (...parts: string[]) => string];

/** Messages with parts. The parts kept are names, numbers, amounts and dates; words are translated. */
const RULES: Rule[] = [
  [/^Fastag Recharge successful for (.+)\.$/, (v) => `${v} का फास्टैग रिचार्ज हो गया।`],
  [/^Auto-Recharge balance to be maintained updated for (.+)\.$/, (v) => `${v} के लिए ऑटो-रिचार्ज का न्यूनतम बैलेंस अपडेट हो गया।`],
  [/^Vehicle (.+) is already registered$/, (v) => `गाड़ी ${v} पहले से रजिस्टर है`],
  [/^Choose a (.+) from the list$/, (what) => `सूची में से ${term(what)} चुनें`],
  [/^A GPS order cannot move from (\S+) to (\S+)$/, (from, to) => `GPS ऑर्डर "${term(from)}" से "${term(to)}" में नहीं जा सकता`],
  [/^The time to change this consignment ended on (.+)\.$/, (at) => `इस कंसाइनमेंट को बदलने का समय ${at} को ख़त्म हो गया।`],
  [/^Amount is more than the balance to collect \((.+)\)$/, (b) => `रकम बाकी वसूली (${b}) से ज़्यादा है`],
  [/^Max\. length should be (\d+|X9)$/, (n) => `ज़्यादा से ज़्यादा ${n} अक्षर`],
  [/^Min\. length should be (\d+|X9)$/, (n) => `कम से कम ${n} अक्षर`],
  [/^Recharge: (\S+)$/, (s) => `रिचार्ज: ${term(s)}`],
  [/^Payment: (\S+)$/, (s) => `भुगतान: ${term(s)}`],
  [/^(.+) is not a valid JPEG, PNG, WebP, HEIC or PDF file$/, (name) => `${name} सही JPEG, PNG, WEBP, HEIC या PDF फ़ाइल नहीं है`],
  [/^(.+) is larger than (\d+) MB$/, (name, mb) => `${name} ${mb} MB से बड़ी है`],
  [/^The file is larger than (\S+) MB$/, (mb) => `फ़ाइल ${mb} MB से बड़ी है`],
  [
    /^Insufficient wallet balance\. Your wallet has (\S+) and membership costs (\S+)\. Please add (\S+) to your wallet\.$/,
    (has, costs, add) => `वॉलेट में बैलेंस कम है। आपके वॉलेट में ${has} हैं और सदस्यता ${costs} की है। कृपया वॉलेट में ${add} जोड़ें।`,
  ],
  [/^This trip is (.+); (.+) cannot be done now$/, (state, stage) => `यह ट्रिप अभी "${term(state)}" है; अभी "${term(stage)}" नहीं हो सकता`],
  [
    /^This driver is already on trip (\S+)\. Choose another driver or finish that trip first\.$/,
    (trip) => `यह ड्राइवर पहले से ट्रिप ${trip} पर है। कोई दूसरा ड्राइवर चुनें या पहले वह ट्रिप पूरी करें।`,
  ],
  [
    /^The truck is (\S+) km from the (\S+) point; it must be within (\S+) km\. Mark it when the truck is there, or give a reason\.$/,
    (km, point, radius) =>
      `गाड़ी ${term(point)} पॉइंट से ${km} किमी दूर है; उसे ${radius} किमी के अंदर होना चाहिए। गाड़ी वहाँ पहुँचे तब दर्ज करें, या कारण बताएँ।`,
  ],
  [
    /^There is no recent position of this truck\. Give a reason to mark the (\S+) point reached\.$/,
    (point) => `इस गाड़ी की हाल की लोकेशन नहीं है। ${term(point)} पॉइंट पर पहुँचना दर्ज करने के लिए कारण बताएँ।`,
  ],
  [/^This toll can be disputed from (.+)$/, (date) => `इस टोल पर ${date} से शिकायत की जा सकती है`],
  [/^At most (\S+) events per batch$/, (n) => `एक बैच में ज़्यादा से ज़्यादा ${n} घटनाएँ`],
  [/^Enter the (.+) in rupees$/, (label) => `${term(label)} रुपये में डालें`],
  [/^The (.+) must be more than zero$/, (label) => `${term(label)} शून्य से ज़्यादा होना चाहिए`],
  [/^The (.+) must be at least (₹\S+)$/, (label, min) => `${term(label)} कम से कम ${min} होना चाहिए`],
  [/^The (.+) can be at most (₹\S+)$/, (label, max) => `${term(label)} ज़्यादा से ज़्यादा ${max} हो सकता है`],
  [/^No route \S+ \S+$/, () => 'यह पता मौजूद नहीं है'],
  // a field's path before a validation message (a device's position): the message alone
  [/^[\w.]+: (.+)$/, (inner) => render(inner) ?? 'यह मान सही नहीं है'],
  [/^Unknown topic \S+$/, () => 'यह जानकारी उपलब्ध नहीं है'],
];

/** What each error code means, for a refusal whose message the catalogue does not know. */
const BY_CODE: Record<string, string> = {
  VALIDATION_FAILED: 'भेजी गई जानकारी सही नहीं है। कृपया जाँचकर फिर से भेजें।',
  UNSUPPORTED_MEDIA_TYPE: 'यह जानकारी इस रूप में स्वीकार नहीं है',
  PAYLOAD_TOO_LARGE: 'भेजी गई फ़ाइल बहुत बड़ी है',
  UNAUTHENTICATED: 'कृपया फिर से लॉग इन करें',
  FORBIDDEN: 'आपको यह करने की अनुमति नहीं है',
  NOT_FOUND: 'यह नहीं मिला',
  CONFLICT: 'यह इस बीच बदल गया है। कृपया पेज फिर से खोलें।',
  RATE_LIMITED: 'बहुत ज़्यादा अनुरोध। कुछ मिनट रुककर फिर से कोशिश करें।',
  INTERNAL: 'कुछ गड़बड़ हो गई',
};
const FALLBACK = 'यह काम अभी नहीं हो सका। कृपया जाँचकर फिर से कोशिश करें।';

function render(message: string): string | undefined {
  const exact = HINDI[message];
  if (exact) return exact;
  for (const [pattern, hindi] of RULES) {
    const match = pattern.exec(message);
    if (match) return hindi(...match.slice(1));
  }
  // a memo sent as a message ("Added money via UPI") reads as the passbook shows it (ADR 147)
  const memo = memoText(message, 'hi');
  return memo === message ? undefined : memo;
}

/** True when the catalogue has a Hindi text for this English message (the catalogue test's question). */
export function hasHindi(message: string): boolean {
  return render(message) !== undefined;
}

/**
 * A message in the reader's language. For Hindi, one the catalogue does not know is replaced by what its
 * error code means (a refusal) or left out (a success message: the screen says its own).
 */
export function messageText(message: string, locale: TextLocale, errorCode?: string): string {
  // already in Hindi (rendered from a validation issue), or no words at all
  if (locale === 'en' || !message || /[\u0900-\u097f]/.test(message)) return message;
  const hindi = render(message);
  if (hindi) return hindi;
  if (!/[A-Za-z]/.test(message)) return message;
  return errorCode && errorCode !== '200' ? (BY_CODE[errorCode] ?? FALLBACK) : '';
}

/** The parts of a zod issue a Hindi text needs (zod writes its own messages only in English). */
export type IssueLike = {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  divisor?: number;
};

const UNIT: Record<string, string> = { string: 'अक्षर', array: 'चीज़ें', set: 'चीज़ें', file: 'बाइट' };

/** A validation issue in Hindi: its own message when the catalogue knows it, else one from its kind. */
export function issueText(issue: IssueLike): string {
  const known = issue.message ? render(issue.message) : undefined;
  if (known) return known;
  const unit = issue.origin ? UNIT[issue.origin] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'यह जानकारी ज़रूरी है' : 'यह मान सही प्रकार का नहीं है';
    case 'too_small':
      if (Number(issue.minimum) === 1 && unit) return issue.origin === 'string' ? 'यह जानकारी ज़रूरी है' : 'कम से कम एक चुनें';
      return unit ? `कम से कम ${issue.minimum} ${unit} होने चाहिए` : `मान कम से कम ${issue.minimum} होना चाहिए`;
    case 'too_big':
      return unit ? `ज़्यादा से ज़्यादा ${issue.maximum} ${unit} हो सकते हैं` : `मान ज़्यादा से ज़्यादा ${issue.maximum} हो सकता है`;
    case 'invalid_format':
      return issue.format === 'email' ? 'सही ईमेल पता डालें' : 'यह मान सही रूप में नहीं है';
    case 'invalid_value':
      return 'दिए गए विकल्पों में से एक चुनें';
    case 'not_multiple_of':
      return `मान ${issue.divisor} के गुणज में होना चाहिए`;
    case 'unrecognized_keys':
      return 'अनजानी जानकारी भेजी गई है';
    default:
      return 'यह मान सही नहीं है';
  }
}
