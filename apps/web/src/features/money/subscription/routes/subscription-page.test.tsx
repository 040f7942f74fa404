import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { allResources, setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import SubscriptionPage from './subscription-page.tsx';
import SubscriptionStatusPage from './subscription-status-page.tsx';

const server = setupMswServer();
const PAGE = '/app/caraxes/marketplace/subscription-page';
const STATUS = '/app/caraxes/marketplace/subscription-status';
const VALID_UNTIL = '2027-11-21T18:45:00.000Z';

const plan = {
  planCode: 'MEMBERSHIP_365D',
  subscriptionTitle: 'Bhada Membership',
  subscriptionAmountInPaisa: 99_900,
  validityDays: 365,
  benefits: ['MEMBER_BADGE', 'PRIORITY_SUPPORT'],
};
const none = { status: 'NONE', subscribed: false, activeFrom: null, activeUntil: null, daysLeft: 0, canPay: true, renewFrom: null };
const active = {
  status: 'ACTIVE',
  subscribed: true,
  activeFrom: '2026-11-21T18:45:00.000Z',
  activeUntil: VALID_UNTIL,
  daysLeft: 365,
  canPay: false,
  renewFrom: '2027-10-22T18:45:00.000Z',
};
const order = {
  orderId: 'MBR-1',
  status: 'OPEN',
  subscriptionTitle: 'Bhada Membership',
  subscriptionAmountInPaisa: 99_900,
  validityDays: 365,
  createdAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-22T10:00:00.000Z',
};

/** The four calls of the area; `paid` decides how submit-payment answers. */
function serve({ balance, paid }: { balance: number; paid: 'SUCCESS' | 'FAILURE' | 'SHORT' }) {
  const calls: Array<{ call: string; body?: unknown }> = [];
  let membership: typeof none | typeof active = none;
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/config/subscription', () => HttpResponse.json(ok({ plan, membership, openOrder: null }))),
    mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => HttpResponse.json(ok({ balanceInPaisa: balance, active: true }))),
    mswHttp.post('*/api/rest/tesseract/v1/profile/subscribe', async ({ request }) => {
      calls.push({ call: 'subscribe', body: await request.json() });
      return HttpResponse.json(
        ok({ medium: 'BANNER', subscribed: false, canPay: true, redirect: `${PAGE}?source=BANNER`, subscriptionValidity: null }),
      );
    }),
    mswHttp.post('*/api/odin/v2/operator-subscription', () => {
      calls.push({ call: 'operator-subscription' });
      return HttpResponse.json(ok(order));
    }),
    mswHttp.post('*/api/odin/v2/submit-payment', async ({ request }) => {
      calls.push({ call: 'submit-payment', body: await request.json() });
      if (paid === 'SHORT') {
        return HttpResponse.json(
          {
            success: false,
            message: 'Insufficient wallet balance. Your wallet has ₹500 and membership costs ₹999. Please add ₹499 to your wallet.',
            errorCode: 'INSUFFICIENT_BALANCE',
          },
          { status: 400 },
        );
      }
      if (paid === 'SUCCESS') membership = active;
      return HttpResponse.json(
        ok({
          orderId: 'MBR-1',
          transactionStatus: paid,
          subscriptionAmountInPaisa: 99_900,
          subscriptionValidity: paid === 'SUCCESS' ? VALID_UNTIL : null,
          balanceInPaisa: balance - (paid === 'SUCCESS' ? 99_900 : 0),
        }),
      );
    }),
  );
  return calls;
}

describe('membership page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
    window.sessionStorage.clear();
  });

  it('shows the plan price in rupees, its validity, the benefits and the wallet balance on the Pay button', async () => {
    serve({ balance: 1_50_000_00, paid: 'SUCCESS' });
    renderApp(<SubscriptionPage />, { route: `${PAGE}?source=banner`, path: PAGE });

    expect(await screen.findByText('Bhada Membership')).toBeInTheDocument();
    expect(screen.getByTestId('plan-price')).toHaveTextContent('₹999');
    expect(screen.getByText('365 days')).toBeInTheDocument();
    expect(screen.getByText('for 365 days')).toBeInTheDocument();
    expect(screen.getByText('Member badge on your quotes, seen by consigners')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay ₹999 from wallet (balance ₹1,50,000)' })).toBeInTheDocument();
  });

  it('pays from the wallet with the page source as medium, then shows the status screen with the validity', async () => {
    const calls = serve({ balance: 2_000_00, paid: 'SUCCESS' });
    const { user } = renderApp(<SubscriptionPage />, { route: `${PAGE}?source=banner`, path: PAGE });

    await user.click(await screen.findByRole('button', { name: 'Pay ₹999 from wallet (balance ₹2,000)' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${STATUS}?screen=SUCCESS&validity=${encodeURIComponent(VALID_UNTIL)}`),
    );
    expect(calls).toEqual([
      { call: 'subscribe', body: { medium: 'BANNER' } },
      { call: 'operator-subscription' },
      { call: 'submit-payment', body: { orderId: 'MBR-1' } },
    ]);
    // spec: the medium is held in session storage for the rest of the visit
    expect(window.sessionStorage.getItem('subscriptionMedium')).toBe('BANNER');
  });

  it('says the wallet is short and offers Add Money that brings the operator back', async () => {
    const calls = serve({ balance: 500_00, paid: 'SHORT' });
    const { user } = renderApp(<SubscriptionPage />, { route: `${PAGE}?source=menu`, path: PAGE });

    await user.click(await screen.findByRole('button', { name: 'Pay ₹999 from wallet (balance ₹500)' }));

    expect(await screen.findByText('Your wallet balance is too low for the membership. Add money and try again.')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Add ₹499 more to pay from your wallet.');
    const addMoney = screen.getAllByRole('link', { name: 'Add money to wallet' })[0]!;
    expect(addMoney).toHaveAttribute('href', '/portal/wallet/add-money');
    await user.click(addMoney);
    expect(storage.get('referralUrl')).toBe(`${PAGE}?source=menu`);
    expect(calls.map((c) => c.call)).toEqual(['subscribe', 'operator-subscription', 'submit-payment']);
  });

  it('a member before the renewal window sees the validity and no Pay button', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/config/subscription', () =>
        HttpResponse.json(ok({ plan, membership: active, openOrder: null })),
      ),
      mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => HttpResponse.json(ok({ balanceInPaisa: 10_000_00, active: true }))),
    );
    renderApp(<SubscriptionPage />, { route: PAGE, path: PAGE });

    // 18:45 UTC is 00:15 the next day in India
    expect(await screen.findByText('Valid until 22 Nov 2027, 12:15 AM (India time)')).toBeInTheDocument();
    expect(screen.getByText('You can renew from 23 Oct 2027, 12:15 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay ₹999/ })).toBeNull();
  });
});

describe('membership status screen', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('shows a failed payment with Try again over the current membership', async () => {
    serve({ balance: 0, paid: 'FAILURE' });
    renderApp(<SubscriptionStatusPage />, { route: `${STATUS}?screen=FAILURE`, path: STATUS });
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(await screen.findByText('Not a member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', PAGE);
  });

  it('shows an active membership in India time', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/config/subscription', () =>
        HttpResponse.json(ok({ plan, membership: active, openOrder: null })),
      ),
    );
    renderApp(<SubscriptionStatusPage />, { route: `${STATUS}?screen=SUCCESS&validity=${VALID_UNTIL}`, path: STATUS });
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(await screen.findByText('Membership active')).toBeInTheDocument();
    expect(screen.getAllByText('Valid until 22 Nov 2027, 12:15 AM (India time)')).toHaveLength(2);
    expect(screen.getByText('365 days left')).toBeInTheDocument();
  });

  it('never says "Payment successful" beside "Not a member": an address saying SUCCESS is checked against the server', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/config/subscription', () => HttpResponse.json(ok({ plan, membership: none, openOrder: null }))),
    );
    renderApp(<SubscriptionStatusPage />, { route: `${STATUS}?screen=SUCCESS&validity=${VALID_UNTIL}`, path: STATUS });
    expect(await screen.findByText('Payment not confirmed yet')).toBeInTheDocument();
    expect(screen.queryByText('Payment successful')).toBeNull();
  });
});

describe('membership texts', () => {
  it('has a Hindi text for every English key', async () => {
    const { en, hi } = await allResources();
    const keys = (v: unknown, prefix = ''): string[] =>
      typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, c]) => keys(c, prefix ? `${prefix}.${k}` : k)) : [prefix];
    const english = keys((en as Record<string, unknown>).subscription);
    expect(english.length).toBeGreaterThan(20);
    expect(english.filter((k) => !keys((hi as Record<string, unknown>).subscription).includes(k))).toEqual([]);
  });
});
