import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { AddMoneyForm } from '../components/add-money-form.tsx';
import PaymentPage from './payment-page.tsx';

import { info, renderAt } from './payment-test-support.tsx';

const server = setupMswServer();

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
