import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok } from '../../../../test/render.tsx';
import PaymentResultPage from './payment-result-page.tsx';
import { info, renderAt } from './payment-test-support.tsx';

const server = setupMswServer();

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
  storage.set('userCode', 'U1');
});

describe('result screen (spec fastag §2.9, §4 Retry)', () => {
  const result = (status: string, extra = {}) => ({
    orderId: 'BHD1',
    purpose: 'WALLET_TOPUP',
    status,
    statusRemarks: status === 'PENDING' ? 'Payment Processing. Please wait for 15 minutes.' : null,
    amount: 500,
    fee: 0,
    currency: 'INR',
    date: '2026-11-21T05:00:00.000Z',
    paymentMode: 'UPI',
    remarksIcon: null,
    ...extra,
  });

  it.each([
    ['SUCCESS', 'Payment Successful'],
    ['PENDING', 'Payment Pending'],
    ['FAILURE', 'Payment Failed'],
  ])('%s shows %s with the amount and date', async (status, title) => {
    server.use(mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result(status)))));
    renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByTestId('result-amount')).toHaveTextContent('₹500.00');
    expect(screen.getByText(/21 Nov 2026, 10:30 AM/)).toBeInTheDocument();
  });

  it('in Hindi the server remark for a pending payment reads in Hindi', async () => {
    await setLanguage('hi');
    server.use(mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('PENDING')))));
    vi.stubGlobal('EventSource', undefined);
    renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByText('भुगतान प्रोसेस हो रहा है। कृपया 15 मिनट प्रतीक्षा करें।')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('Close on success goes to the stored referral URL', async () => {
    storage.set('referralUrl', '/portal/fastag');
    server.use(mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('SUCCESS')))));
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/fastag'));
  });

  it('Retry asks for the same amount 3 times, then says Something went wrong. Please try again.', async () => {
    let calls = 0;
    server.use(
      mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE', { statusRemarks: 'Declined by bank' })))),
      mswHttp.post('*/api/wallet/recharge/v2', () => {
        calls++;
        return HttpResponse.json({ success: false, message: 'x', errorCode: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByText('Declined by bank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it('a successful retry opens /portal/payment with the new order', async () => {
    server.use(
      mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE')))),
      mswHttp.post('*/api/wallet/recharge/v2', () => HttpResponse.json(ok(info('BHD9')))),
    );
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/payment'));
    expect(screen.getByTestId('state')).toHaveTextContent('BHD9');
  });

  it('a failed payment offers Retry, another method and Back, not only Retry', async () => {
    storage.set('referralUrl', '/portal/fastag');
    server.use(
      mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE')))),
      mswHttp.post('*/api/wallet/recharge/v2', () => HttpResponse.json(ok(info('BHD7')))),
    );
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay another way' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/payment'));
    expect(screen.getByTestId('state')).toHaveTextContent('"lastMode":"UPI"');
    expect(screen.getByTestId('state')).toHaveTextContent('"another":true');
  });

  it('Back on a failed payment returns to where the payment started', async () => {
    storage.set('referralUrl', '/portal/fastag');
    server.use(mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE')))));
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/fastag'));
  });

  it('Retry of a failed trip payment asks for a fresh trip-payment order', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE', { purpose: 'CONSIGNER_TRIP' })))),
      mswHttp.post('*/api/consigner/pay/create-order', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ...info('BHD8'), mid: 'MID1', orderId: 'BHD8', amountInPaisa: 50000 }));
      }),
    );
    const { user } = renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/payment'));
    expect(bodies).toEqual([{ retry: 'BHD1' }]);
    expect(screen.getByTestId('state')).toHaveTextContent('"purpose":"CONSIGNER_TRIP"');
  });

  it('a failed payment this portal does not take by card (a token) offers Close, not Retry', async () => {
    server.use(mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result('FAILURE', { purpose: 'TOKEN' })))));
    renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('a pending result follows its order topic and updates itself', async () => {
    const sources: Array<{ url: string; listeners: Record<string, () => void>; closed: boolean }> = [];
    vi.stubGlobal(
      'EventSource',
      class {
        listeners: Record<string, () => void> = {};
        closed = false;
        constructor(public url: string) {
          sources.push(this);
        }
        addEventListener(type: string, fn: () => void) {
          this.listeners[type] = fn;
        }
        close() {
          this.closed = true;
        }
      },
    );
    let status = 'PENDING';
    server.use(
      mswHttp.get('*/api/v2/transactions/BHD1', () => HttpResponse.json(ok(result(status)))),
      mswHttp.post('*/api/events/ticket', () => HttpResponse.json(ok({ ticket: 'tkt', expiresInSeconds: 60 }))),
    );
    renderAt('/portal/transaction/paytm/:orderId', <PaymentResultPage />, { pathname: '/portal/transaction/paytm/BHD1' });
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]?.url).toBe('/api/events/stream?topics=order%3ABHD1&ticket=tkt');
    expect(sources[0]?.url).not.toContain('token=');
    status = 'SUCCESS';
    sources[0]?.listeners['order.status']?.();
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    await waitFor(() => expect(sources[0]?.closed).toBe(true));
  });
});
