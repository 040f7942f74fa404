import type { PaymentInfo } from '@bhada/contracts/payments';
import { DEFAULT_PSP_MODES } from '@bhada/contracts/payments';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http as mswHttp } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { storage } from '../../../lib/storage.ts';
import { setupMswServer } from '../../../test/msw.ts';
import { LocationProbe, ok, renderApp, TestProviders } from '../../../test/render.tsx';
import { AddMoneyForm } from '../components/add-money-form.tsx';
import PaymentPage from './payment-page.tsx';
import PaymentResultPage from './payment-result-page.tsx';

const server = setupMswServer();

const info = (orderId = 'BHD1', amount = 500): PaymentInfo => ({
  amount,
  merchantId: 'MID1',
  transactionCode: orderId,
  checkSumHash: `tok-${orderId}`,
  customerId: 'OP1001',
  pspModes: DEFAULT_PSP_MODES,
  host: '/api/sandbox/pg',
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
});

function StateProbe() {
  const location = useLocation();
  return <output data-testid="state">{JSON.stringify(location.state ?? null)}</output>;
}

function renderAt(path: string, element: React.ReactElement, entry: { pathname: string; state?: unknown }, previous?: string) {
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[...(previous ? [previous] : []), entry]} initialIndex={previous ? 1 : 0}>
        <LocationProbe />
        <StateProbe />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return { user };
}

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
  storage.set('userCode', 'U1');
});

describe('add money (spec fastag §4, §5)', () => {
  it.each([
    ['', 'Invalid amount'],
    ['abc', 'Invalid amount'],
    ['0', 'Invalid amount'],
    ['-10', 'Invalid amount'],
    ['100001', 'Amount cannot be greater that 100000'],
  ])('%j → %s, and no order is requested', async (value, message) => {
    const calls = vi.fn();
    server.use(
      mswHttp.post('*/api/wallet/recharge/v2', () => {
        calls();
        return HttpResponse.json(ok(info()));
      }),
    );
    const { user } = renderApp(<AddMoneyForm referralUrl="/portal/fastag" />);
    if (value) await user.type(screen.getByLabelText('Amount (₹)'), value);
    await user.click(screen.getByRole('button', { name: 'Add Money' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('creates the order, stores the referral URL and opens /portal/payment with fromFastag', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post('*/api/wallet/recharge/v2', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(info()));
      }),
    );
    const { user } = renderApp(<AddMoneyForm referralUrl="/portal/fastag" />);
    await user.type(screen.getByLabelText('Amount (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Add Money' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/payment'));
    expect(bodies).toEqual([{ amount: 500 }]);
    expect(storage.get('referralUrl')).toBe('/portal/fastag');
  });

  it('tries the order 3 times in total, then says Something went wrong. Please try again.', async () => {
    let calls = 0;
    server.use(
      mswHttp.post('*/api/wallet/recharge/v2', () => {
        calls++;
        return HttpResponse.json({ success: false, message: 'boom', errorCode: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { user } = renderApp(<AddMoneyForm referralUrl="/portal/fastag" />);
    await user.type(screen.getByLabelText('Amount (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Add Money' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});

function providerHandlers(opts: { process?: Record<string, unknown>; vpaValid?: boolean } = {}) {
  const seen: Array<{ path: string; body: Record<string, unknown> }> = [];
  const record = async (path: string, request: Request) => {
    const json = (await request.json()) as { body: Record<string, unknown> };
    seen.push({ path, body: json.body });
  };
  server.use(
    mswHttp.post('*/api/sandbox/pg/theia/api/v2/fetchPaymentOptions', async ({ request }) => {
      await record('options', request);
      return HttpResponse.json({
        body: {
          resultInfo: { resultStatus: 'S' },
          merchantPayOption: {
            paymentModes: [{ paymentMode: 'UPI', payChannelOptions: [] }],
            savedInstruments: [
              {
                displayName: 'Visa Debit Card',
                channelCode: 'VISA',
                cardDetails: { cardId: 'C1', cardType: 'DEBIT_CARD', lastFourDigit: '1881', cvvLength: 3 },
              },
            ],
          },
        },
      });
    }),
    mswHttp.post('*/api/sandbox/pg/theia/api/v1/fetchNBPaymentChannels', () =>
      HttpResponse.json({
        body: {
          resultInfo: { resultStatus: 'S' },
          nbPayOption: { payChannelOptions: [{ channelCode: 'SBI', channelName: 'State Bank of India' }] },
        },
      }),
    ),
    mswHttp.post('*/api/sandbox/pg/theia/api/v1/vpa/validate', async ({ request }) => {
      await record('vpa', request);
      return HttpResponse.json({ body: { resultInfo: { resultStatus: 'S' }, valid: opts.vpaValid ?? true } });
    }),
    mswHttp.post('*/api/sandbox/pg/theia/api/v1/processTransaction', async ({ request }) => {
      await record('process', request);
      return HttpResponse.json({
        body: opts.process ?? {
          resultInfo: { resultStatus: 'S' },
          bankForm: { redirectForm: { actionUrl: '/api/sandbox/pg/bank/BHD1', method: 'post', headers: {}, content: { ORDERID: 'BHD1' } } },
        },
      });
    }),
    mswHttp.post('*/api/v2/transactions/update', async ({ request }) => {
      seen.push({ path: 'update', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json(ok({ transactionCode: 'BHD1', totalAmount: 500 }));
    }),
  );
  return seen;
}

describe('/portal/payment (spec fastag §2.8, §4)', () => {
  it('without an order goes back', async () => {
    renderAt('/portal/payment', <PaymentPage />, { pathname: '/portal/payment' }, '/portal/fastag');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/fastag'));
  });

  it('opened directly in a new tab, explains and offers the way back instead of a blank page', async () => {
    renderAt('/portal/payment', <PaymentPage />, { pathname: '/portal/payment' });
    expect(await screen.findByText('No payment to make here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/portal/wallet/add-money');
  });

  it('shows checkout amounts with paise: ₹19.90, not ₹19.9', async () => {
    providerHandlers();
    renderAt('/portal/payment', <PaymentPage />, { pathname: '/portal/payment', state: { fromFastag: true, payment: info('BHD1', 19.9) } });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹19.90');
    expect(screen.getByTestId('summary-total')).not.toHaveTextContent('₹19.9 ');
  });

  it('after a failed attempt by another method, says so above the methods', async () => {
    providerHandlers();
    renderAt('/portal/payment', <PaymentPage />, {
      pathname: '/portal/payment',
      state: { fromFastag: true, payment: info(), lastMode: 'UPI', another: true },
    });
    expect(await screen.findByText('The last attempt failed. Choose another way to pay below.')).toBeInTheDocument();
  });

  it('shows the warning, the summary, the sections and recalculates the charge per open section', async () => {
    providerHandlers();
    const { user } = renderAt('/portal/payment', <PaymentPage />, {
      pathname: '/portal/payment',
      state: { fromFastag: true, payment: info() },
    });
    expect(screen.getByText('Do not refresh the page or press Back until the payment is complete.')).toBeInTheDocument();
    expect(screen.getByText('100% Safe Payments')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Saved Cards' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Netbanking' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹500.00');

    await user.click(screen.getByRole('button', { name: 'Netbanking' }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹506.00'); // 1.2 %
    await user.click(screen.getByRole('button', { name: 'Debit / Credit Card' }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹502.00'); // DC 0.4 % until the BIN says otherwise
    await user.click(screen.getByRole('button', { name: 'UPI' }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹500.00');
    expect(await screen.findByRole('button', { name: 'Pay ₹500.00' })).toBeInTheDocument();
  });

  it('UPI: verifies with the provider, records the mode, processes and submits the bank form', async () => {
    const seen = providerHandlers();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = renderAt('/portal/payment', <PaymentPage />, {
      pathname: '/portal/payment',
      state: { fromFastag: true, payment: info() },
    });
    await user.click(await screen.findByRole('button', { name: 'UPI' }));
    await user.type(await screen.findByLabelText('UPI ID'), 'ramesh@oksbi');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹500.00' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    const steps = seen.filter((s) => s.path !== 'options').map((s) => s.path);
    expect(steps).toEqual(['vpa', 'update', 'process']);
    expect(seen.find((s) => s.path === 'update')?.body).toMatchObject({
      paymentMode: 'UPI',
      pspAmount: 0,
      amount: 500,
      userCode: 'U1',
      transactionCode: 'BHD1',
      transactionToken: 'tok-BHD1',
    });
    expect(seen.find((s) => s.path === 'process')?.body).toMatchObject({
      requestType: 'NATIVE',
      paymentMode: 'UPI',
      payerAccount: 'ramesh@oksbi',
    });
    const form = document.querySelector('form[action="/api/sandbox/pg/bank/BHD1"]') as HTMLFormElement;
    expect(form.querySelector('input[name="ORDERID"]')).toHaveValue('BHD1');
  });

  it('an address the provider rejects shows Invalid UPI and goes no further', async () => {
    const seen = providerHandlers({ vpaValid: false });
    const { user } = renderAt('/portal/payment', <PaymentPage />, { pathname: '/portal/payment', state: { payment: info() } });
    await user.click(await screen.findByRole('button', { name: 'UPI' }));
    await user.type(await screen.findByLabelText('UPI ID'), 'nobody@oksbi');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹500.00' }));
    expect(await screen.findByText('Invalid UPI')).toBeInTheDocument();
    expect(seen.map((s) => s.path)).not.toContain('update');
  });

  it('a refused attempt shows RESPMSG and asks for a fresh order of the same amount', async () => {
    providerHandlers({
      process: { resultInfo: { resultStatus: 'F', resultMsg: 'Invalid bank' }, txnInfo: { RESPMSG: 'Bank is down, try another bank' } },
    });
    const retries: unknown[] = [];
    server.use(
      mswHttp.post('*/api/wallet/recharge/v2', async ({ request }) => {
        retries.push(await request.json());
        return HttpResponse.json(ok(info('BHD2')));
      }),
    );
    const { user } = renderAt('/portal/payment', <PaymentPage />, {
      pathname: '/portal/payment',
      state: { fromFastag: true, payment: info() },
    });
    await user.click(await screen.findByRole('button', { name: 'Netbanking' }));
    await user.click(await screen.findByRole('button', { name: 'State Bank of India' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹506.00' }));
    expect(await screen.findByText('Bank is down, try another bank')).toBeInTheDocument();
    await waitFor(() => expect(retries).toEqual([{ retry: 'BHD1' }]));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('"transactionCode":"BHD2"'));
  });
});

describe('a consigner trip payment in the same checkout', () => {
  it('is titled Pay for Trip, and a refused attempt asks for a fresh trip-payment order', async () => {
    providerHandlers({
      process: { resultInfo: { resultStatus: 'F', resultMsg: 'Invalid bank' }, txnInfo: { RESPMSG: 'Bank is down, try another bank' } },
    });
    const retries: unknown[] = [];
    const topUps = vi.fn();
    server.use(
      mswHttp.post('*/api/consigner/pay/create-order', async ({ request }) => {
        retries.push(await request.json());
        return HttpResponse.json(ok({ ...info('BHD7'), mid: 'MID1', orderId: 'BHD7', amountInPaisa: 50000 }));
      }),
      mswHttp.post('*/api/wallet/recharge/v2', () => {
        topUps();
        return HttpResponse.json(ok(info('BHDX')));
      }),
    );
    const { user } = renderAt('/portal/payment', <PaymentPage />, {
      pathname: '/portal/payment',
      state: { purpose: 'CONSIGNER_TRIP', payment: info() },
    });
    expect(await screen.findByRole('heading', { name: 'Pay for Trip' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Netbanking' }));
    await user.click(await screen.findByRole('button', { name: 'State Bank of India' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹506.00' }));
    expect(await screen.findByText('Bank is down, try another bank')).toBeInTheDocument();
    await waitFor(() => expect(retries).toEqual([{ retry: 'BHD1' }]));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('"transactionCode":"BHD7"'));
    expect(screen.getByTestId('state')).toHaveTextContent('"purpose":"CONSIGNER_TRIP"');
    expect(topUps).not.toHaveBeenCalled();
  });
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
