import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FLEET_MESSAGES, GPS_ORDER_STATUSES } from '@bhada/contracts/fleet/fleet';
import { LOADS_MESSAGES } from '@bhada/contracts/marketplace/loads';
import { OPERATIONS_MESSAGES } from '@bhada/contracts/operations/operations';
import { PAYMENTS_MESSAGES } from '@bhada/contracts/money/payments';
import { TRIP_STATES } from '@bhada/contracts/trips/trips';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../test/source-files.ts';
import { stageMismatch } from '../modules/trips/trips/trip-state.ts';
import { STATUS_BY_CODE } from './errors.ts';
import { hasHindi, type IssueLike, issueText, messageText } from './server-messages.ts';

const SERVER = join(import.meta.dirname, '..');
const CONTRACTS = join(import.meta.dirname, '../../../../packages/contracts/src');

const STAND_IN = 'X9';
const literal = (quoted: string) => quoted.slice(1, -1).replace(/\$\{[^}]*\}/g, STAND_IN);
const QUOTED = String.raw`('[^'\n]*'|"[^"\n]*"|\x60[^\x60]*\x60)`;

/** Messages written in the server's source: refusals and the envelopes it sends by hand. */
function serverSamples(): Set<string> {
  const found = new Set<string>();
  const calls = new RegExp(
    String.raw`(?:new AppError\([^,]+,|\binvalidInput\([^,]+,|\bbadRequest\(|\bnotFound\(|\bforbidden\(|\bbad\()\s*(?:[\w.?[\]]+\s*\?\?\s*)?${QUOTED}`,
    'g',
  );
  const fallbacks = new RegExp(String.raw`new AppError\([^;]*?\?\?\s*${QUOTED}\)`, 'g');
  const sent = new RegExp(`success: false, message: ${QUOTED}`, 'g');
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const re of [calls, fallbacks, sent]) for (const m of text.matchAll(re)) found.add(literal(m[1]!));
  }
  return found;
}

/** Messages the contracts hold: every *_MESSAGES table and *_MESSAGE constant, and every zod message literal. */
async function contractSamples(): Promise<Set<string>> {
  const found = new Set<string>();
  for (const dir of readdirSync(CONTRACTS)) {
    const file = join(CONTRACTS, dir, 'index.ts');
    if (!statSync(join(CONTRACTS, dir)).isDirectory()) continue;
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (/_MESSAGE$/.test(name) && typeof value === 'string') found.add(value);
      if (!/(^|_)MESSAGES$/.test(name) || !value || typeof value !== 'object') continue;
      for (const entry of Object.values(value)) {
        if (typeof entry === 'string') found.add(entry);
        if (typeof entry === 'function') found.add(String(entry(...Array.from({ length: entry.length }, () => STAND_IN))));
      }
    }
  }
  const zodMessage = new RegExp(
    String.raw`(?:\.(?:min|max|length|regex|refine|int|email|gte|lte|positive|nonnegative|startsWith|endsWith)\([^()]*?,\s*|\b(?:message|error):\s*|\.(?:int|email|positive|nonnegative|nonempty)\(\s*)${QUOTED}`,
    'g',
  );
  const refineMessage = new RegExp(String.raw`\.refine\(\s*\([^)]*\)\s*=>[^,\n]*,\s*${QUOTED}`, 'g');
  for (const re of [zodMessage, refineMessage]) for (const m of contractText().matchAll(re)) found.add(literal(m[1]!));
  return found;
}

function contractText(): string {
  return sourceFiles(CONTRACTS)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

// Latin words left in a Hindi text, apart from the stand-ins, codes (PAN, GSTIN, OTP …) and names kept as written
const KEPT = new Set([STAND_IN, 'Bhada', 'Fastag', 'xlsx', 'pdf']);
const english = (text: string) => (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !KEPT.has(w) && !/^[A-Z0-9]+$/.test(w));
// event names and other dotted identifiers that sit beside messages in the same objects
const isCode = (text: string) => /^[a-z]+\.[a-z]+$/.test(text);

describe('server messages in Hindi (ADR 161)', () => {
  it('has a Hindi text for every message the contracts and the server can send', async () => {
    const all = [...new Set([...serverSamples(), ...(await contractSamples())])].filter((s) => !isCode(s));
    expect(all.length).toBeGreaterThan(350);
    const missing = all.filter((s) => !hasHindi(s));
    expect(missing).toEqual([]);
    const stillEnglish = all.map((s) => [s, messageText(s, 'hi')] as const).filter(([, hi]) => english(hi).length > 0);
    expect(stillEnglish).toEqual([]);
  });

  it('keeps the spec English for English readers', () => {
    expect(messageText(LOADS_MESSAGES.stateConflict, 'en')).toBe('This load has changed. Please reload.');
    expect(messageText(FLEET_MESSAGES.numberTaken('RJ14 GA 1234'), 'en')).toBe('Vehicle RJ14 GA 1234 is already registered');
  });

  it('renders the parts of a message: names and amounts kept, words translated', () => {
    expect(messageText(FLEET_MESSAGES.numberTaken('RJ14 GA 1234'), 'hi')).toBe('गाड़ी RJ14 GA 1234 पहले से रजिस्टर है');
    expect(messageText(OPERATIONS_MESSAGES.collectionExceedsBalance('₹1,00,000.00'), 'hi')).toBe('रकम बाकी वसूली (₹1,00,000.00) से ज़्यादा है');
    expect(messageText(PAYMENTS_MESSAGES.added('Net Banking'), 'hi')).toBe('नेट बैंकिंग से पैसे जोड़े गए');
  });

  it('translates the words a message carries: every trip state and step, GPS order state and field name', () => {
    const sources = readFileSync(join(SERVER, 'modules/vehicles/vehicles.service.ts'), 'utf8');
    const lookups = [...sources.matchAll(/\['\w+', input\.\w+, '([^']+)'/g)].map((m) => m[1]!);
    expect(lookups.length).toBeGreaterThan(3);
    const labels = [...contractText().matchAll(/rupeesSchema\(\{[^}]*label: '([^']+)'/g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(2);
    const samples = [
      ...TRIP_STATES.flatMap((state) => TRIP_STATES.map((to) => stageMismatch(state, to).message)),
      ...GPS_ORDER_STATUSES.flatMap((from) => GPS_ORDER_STATUSES.map((to) => FLEET_MESSAGES.gpsBadMove(from, to))),
      ...lookups.map((what) => FLEET_MESSAGES.lookupInvalid(what)),
      ...labels.flatMap((label) => [`Enter the ${label} in rupees`, `The ${label} must be at least ₹1,000`]),
      ...['SUCCESS', 'PENDING', 'FAILURE'].map((status) => PAYMENTS_MESSAGES.rechargeStatus(status)),
    ];
    const left = samples.map((s) => [s, messageText(s, 'hi')] as const).filter(([, hi]) => english(hi).length > 0 || /[A-Z]{4,}/.test(hi));
    expect(left).toEqual([]);
  });

  it('answers a Hindi reader in Hindi for every error code, even with a message the catalogue does not know', () => {
    for (const code of Object.keys(STATUS_BY_CODE)) {
      const hi = messageText('A message nobody has written yet', 'hi', code);
      expect(hi, code).toMatch(/[\u0900-\u097f]/);
      expect(english(hi), code).toEqual([]);
    }
    expect(messageText('A message nobody has written yet', 'en', 'NOT_FOUND')).toBe('A message nobody has written yet');
  });

  it("writes zod's own validation messages in Hindi from the issue", () => {
    const cases: IssueLike[] = [
      { code: 'invalid_type', input: undefined, message: 'Invalid input: expected string, received undefined' },
      { code: 'invalid_type', input: 5, message: 'Invalid input: expected string, received number' },
      { code: 'too_small', origin: 'string', minimum: 1, message: 'Too small: expected string to have >=1 characters' },
      { code: 'too_small', origin: 'number', minimum: 0, message: 'Too small: expected number to be >=0' },
      { code: 'too_big', origin: 'string', maximum: 300, message: 'Too big: expected string to have <=300 characters' },
      { code: 'invalid_value', message: 'Invalid option: expected one of "A"|"B"' },
      { code: 'invalid_format', format: 'regex', message: 'Invalid string: must match pattern /x/' },
      { code: 'unrecognized_keys', message: 'Unrecognized key: "x"' },
      { code: 'custom', message: 'Invalid input' },
    ];
    for (const issue of cases) {
      const hi = issueText(issue);
      expect(hi).toMatch(/[\u0900-\u097f]/);
      expect(english(hi)).toEqual([]);
    }
    expect(issueText({ code: 'custom', message: LOADS_MESSAGES.windowInPast })).toBe('बोली अभी से कम से कम 2 मिनट बाद बंद होनी चाहिए');
  });
});
