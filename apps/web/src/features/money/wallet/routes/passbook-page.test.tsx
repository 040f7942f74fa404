import type { PassbookRow } from '@bhada/contracts/money/wallet';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { answerMediaQueries } from '../../../../test/media.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import PassbookPage, { statusText } from './passbook-page.tsx';

const server = setupMswServer();

describe('passbook status text (spec fastag §4)', () => {
  const t = i18n.getFixedT('en', 'wallet');
  it('reads success by direction, failure and pending by the spec texts', () => {
    expect(statusText({ status: 'SUCCESS', transactionType: 'DEBIT' }, t)).toBe('Transferred');
    expect(statusText({ status: 'SUCCESS', transactionType: 'CREDIT' }, t)).toBe('Deposited');
    expect(statusText({ status: 'FAILURE', transactionType: 'CREDIT' }, t)).toBe('failed');
    expect(statusText({ status: 'PENDING', transactionType: 'CREDIT' }, t)).toBe('Payment Processing. Please wait for 15 minutes.');
  });
});

const rows: PassbookRow[] = [
  {
    id: 'JE1',
    date: '2026-11-21T05:00:00.000Z',
    description: 'Recharge for RJ14GB1234',
    amount: 1500,
    transactionType: 'DEBIT',
    openingBalance: 12500,
    closingBalance: 11000,
    status: 'SUCCESS',
    statusRemarks: null,
  },
  {
    id: 'BHD1',
    date: '2026-11-21T04:00:00.000Z',
    // the server's text for every top-up order, whatever became of it
    description: 'Money added to wallet',
    amount: 500,
    transactionType: 'CREDIT',
    openingBalance: null,
    closingBalance: null,
    status: 'FAILURE',
    statusRemarks: 'Declined by bank',
  },
];

/** The passbook's media query answers as a phone (≤ 40em) or a desktop would. */
function screenIsPhone(phone: boolean) {
  window.matchMedia = answerMediaQueries((query) => phone && query.includes('max-width: 40em'));
}

beforeEach(async () => {
  // jsdom lays nothing out: give the list's scroll box a phone's height so rows are drawn
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  await setLanguage('en');
  storage.set('accessToken', 'tok');
  server.use(mswHttp.get('*/api/wallet/transactions', () => HttpResponse.json(ok({ list: rows, totalCount: 2, totalPages: 1 }))));
});
afterEach(() => {
  screenIsPhone(false);
  vi.restoreAllMocks();
});

describe('passbook layout', () => {
  it('on a desktop: six columns with headers', async () => {
    screenIsPhone(false);
    renderApp(<PassbookPage />);
    expect(await screen.findByText('Recharge for RJ14GB1234')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date & Time',
      'Transaction',
      'Amount',
      'Opening Bal.',
      'Closing Bal.',
      'Status',
    ]);
  });

  it('on a phone: two-line entries with amount, status and balance after, nothing to scroll sideways', async () => {
    screenIsPhone(true);
    renderApp(<PassbookPage />);
    const table = await screen.findByRole('table', { name: 'Wallet passbook' });
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
    const [debit, failed] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(debit).toHaveTextContent('Recharge for RJ14GB1234');
    expect(debit).toHaveTextContent('−₹1,500');
    expect(debit).toHaveTextContent('Transferred');
    expect(debit).toHaveTextContent('Bal. ₹11,000');
    // a failed top-up added nothing: no green "+₹500 Money added" (issue 16 point 8)
    expect(failed).not.toHaveTextContent('+₹500');
    expect(failed).not.toHaveTextContent('Money added');
    expect(failed).toHaveTextContent('Add money failed: nothing was added');
    expect(within(failed).getByText('₹500').tagName).toBe('S');
    expect(failed).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('Bal. —');
    expect(failed).toHaveTextContent('Declined by bank');
  });
});
