import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../../test/source-files.ts';
import { entryText, legacyMemo, memoText } from '../user-text.ts';
import { MEMO_CATALOGUES, type Memo, type MemoKinds, memo, memoOf, PAY_METHODS, renderMemo } from './memos.ts';
import { REMARK_CATALOGUES, REMARK_IDS } from './remarks.ts';

/** One memo of every kind, with parameters as a writer fills them. */
const SAMPLES: { [K in keyof MemoKinds]: MemoKinds[K] } = {
  tripAdvance: { trip: 'TRP-1' },
  tripTokenReturned: { trip: 'TRP-1' },
  tripBalance: { trip: 'TRP-1' },
  tripTokenKept: { trip: 'TRP-1' },
  demoTripToken: { trip: 'TRP-1' },
  loadToken: { load: 'LD-7', from: 'Pune', to: 'Nagpur' },
  loadTokenCancelled: { load: 'LD-7', refundPaisa: 12345600, feePaisa: 5000 },
  autoRecharge: { vehicle: 'MH12AB1234' },
  fastagRecharge: { vehicle: 'MH12AB1234' },
  tollReversal: { plaza: 'Khed Shivapur' },
  toll: { plaza: 'Khed Shivapur' },
  referralReward: { name: 'Ravi' },
  collection: { collection: 'COL-1', consignment: 'CN-1' },
  moneyAdded: { method: 'NB' },
  walletTopUp: {},
  rechargeFromWallet: {},
  autoRechargeFromWallet: {},
  demoOpeningBalance: {},
  membership: { plan: 'Bhada Membership', days: 30 },
};
const samples = (Object.keys(SAMPLES) as Array<keyof MemoKinds>).map((kind) => memo(kind, SAMPLES[kind] as never));

// parameter values a memo carries as written (names, codes, places), and the one method name Hindi keeps
const KEPT = /^(TRP|LD|MH12AB1234|Pune|Nagpur|Khed|Shivapur|Ravi|COL|CN|UPI)$/;
const latinWords = (text: string) => (text.match(/[A-Za-z0-9]*[A-Za-z]{2,}[A-Za-z0-9]*/g) ?? []).filter((w) => !KEPT.test(w));

describe('ledger memos as data (ADR 275)', () => {
  it('has a line for every memo kind, payment method and remark in every catalogue', () => {
    const kinds = Object.keys(SAMPLES).sort();
    for (const [locale, catalogue] of Object.entries(MEMO_CATALOGUES)) {
      expect(Object.keys(catalogue.memos).sort(), `memo kinds in ${locale}`).toEqual(kinds);
      expect(Object.keys(catalogue.payMethods).sort(), `payment methods in ${locale}`).toEqual([...PAY_METHODS].sort());
      for (const [key, line] of Object.entries(catalogue.memos)) expect(typeof line, `${locale}.${key}`).toBe('function');
    }
    for (const [locale, catalogue] of Object.entries(REMARK_CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), `remarks in ${locale}`).toEqual([...REMARK_IDS].sort());
      for (const id of REMARK_IDS) expect(catalogue[id].trim(), `${locale}.${id}`).not.toBe('');
    }
  });

  it('renders every kind in Hindi with no English word beyond the names and codes it carries', () => {
    const left = samples.map((m) => renderMemo(m, 'hi')).filter((hi) => latinWords(hi).length > 0);
    expect(left).toEqual([]);
    expect(renderMemo(memo('autoRecharge', { vehicle: 'MH12AB1234' }), 'hi')).toBe('MH12AB1234 का ऑटो-रिचार्ज');
    expect(renderMemo(memo('moneyAdded', { method: 'UPI' }), 'en')).toBe('Added money via UPI');
    expect(renderMemo(memo('moneyAdded', { method: 'NB' }), 'hi')).toBe('नेट बैंकिंग से पैसे जोड़े गए');
    expect(renderMemo(memo('loadTokenCancelled', SAMPLES.loadTokenCancelled), 'hi')).toBe('लोड LD-7 का टोकन रद्द: ₹1,23,456 वापस, ₹50 शुल्क');
    expect(latinWords(REMARK_CATALOGUES.hi.declinedByBank)).toEqual([]);
  });

  it('reads an entry written before memos were data exactly as the same entry written now', () => {
    for (const m of samples) {
      const english = renderMemo(m, 'en');
      expect(legacyMemo(english), english).toEqual(m);
      expect(memoText(english, 'hi')).toBe(renderMemo(m, 'hi'));
    }
  });

  it('renders an entry from its data, and from its text when the data is missing or unknown', () => {
    const data: Memo = memo('tripAdvance', { trip: 'TRP-9' });
    const stored = JSON.parse(JSON.stringify(data));
    expect(entryText('Advance for trip TRP-9', stored, 'hi')).toBe('ट्रिप TRP-9 का एडवांस');
    expect(entryText('Advance for trip TRP-9', stored, 'en')).toBe('Advance for trip TRP-9');
    expect(entryText('Toll at Khed', null, 'hi')).toBe('Khed पर टोल');
    expect(memoOf({ kind: 'notAKind', params: {} })).toBeUndefined();
    expect(entryText('Something new', { kind: 'notAKind', params: {} }, 'hi')).toBe('Something new');
  });

  it('leaves no module writing a memo as free text', () => {
    const root = join(import.meta.dirname, '../..');
    const free: string[] = [];
    for (const file of sourceFiles(root)) {
      if (file.endsWith('.test.ts') || file.includes('test-factory')) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bmemo: (`[^`]*`|'[^']*'|[A-Z_]+\.[A-Za-z]+)/g)) free.push(`${file}: ${m[1]}`);
    }
    expect(free).toEqual([]);
  });
});
