import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { statusText } from './passbook-page.tsx';

describe('passbook status text (spec fastag §4)', () => {
  const t = i18n.getFixedT('en', 'wallet');
  it('reads success by direction, failure and pending by the spec texts', () => {
    expect(statusText({ status: 'SUCCESS', transactionType: 'DEBIT' }, t)).toBe('Transferred');
    expect(statusText({ status: 'SUCCESS', transactionType: 'CREDIT' }, t)).toBe('Deposited');
    expect(statusText({ status: 'FAILURE', transactionType: 'CREDIT' }, t)).toBe('failed');
    expect(statusText({ status: 'PENDING', transactionType: 'CREDIT' }, t)).toBe('Payment Processing. Please wait for 15 minutes.');
  });
});
