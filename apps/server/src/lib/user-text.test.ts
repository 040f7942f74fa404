import { PAYMENTS_MESSAGES } from '@bhada/contracts/money/payments';
import { WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import { describe, expect, it } from 'vitest';
import { memoText, planTitleText, remarksText, textLocale } from './user-text.ts';

describe('user text in Hindi (ADR 147)', () => {
  it('renders memos written as text before they were data, keeping names and codes', () => {
    expect(memoText('Toll at Kherki Daula Toll Plaza (NH48)', 'hi')).toBe('Kherki Daula Toll Plaza (NH48) पर टोल');
    expect(memoText(PAYMENTS_MESSAGES.added('Net Banking'), 'hi')).toBe('नेट बैंकिंग से पैसे जोड़े गए');
    expect(memoText(WALLET_MESSAGES.topUpDescription, 'hi')).toBe('वॉलेट में पैसे जोड़े गए');
    expect(memoText('Something no rule knows', 'hi')).toBe('Something no rule knows');
  });

  it('leaves English readers the memo as written', () => {
    expect(memoText('Advance for trip TRP-1', 'en')).toBe('Advance for trip TRP-1');
  });

  it('gives a Hindi reader a bank decline in Hindi, known or not', () => {
    expect(remarksText('Transaction declined by bank', 'FAILURE', 'hi')).toBe('बैंक ने लेन-देन अस्वीकार कर दिया');
    expect(remarksText('Insufficient funds in account XX12', 'FAILURE', 'hi')).toBe('बैंक ने यह भुगतान पूरा नहीं किया');
    expect(remarksText('Awaiting confirmation from the bank', 'PENDING', 'hi')).toBe('बैंक से पुष्टि की प्रतीक्षा है');
    expect(remarksText(PAYMENTS_MESSAGES.notConfirmed, 'FAILURE', 'hi')).toMatch(/72 घंटों/);
    expect(remarksText('Transaction declined by bank', 'FAILURE', 'en')).toBe('Transaction declined by bank');
    expect(remarksText(null, 'FAILURE', 'hi')).toBeNull();
  });

  it('reads the language from the header first, then the saved language', () => {
    expect(textLocale('hi', 'en')).toBe('hi');
    expect(textLocale('en', 'hi')).toBe('en');
    expect(textLocale(undefined, 'hi')).toBe('hi');
    expect(textLocale('fr', null)).toBe('en');
  });

  it('names the configured plan in Hindi', () => {
    expect(planTitleText('Bhada Membership', 'hi')).toBe('भाड़ा सदस्यता');
    expect(planTitleText('Bhada Membership', 'en')).toBe('Bhada Membership');
  });
});
