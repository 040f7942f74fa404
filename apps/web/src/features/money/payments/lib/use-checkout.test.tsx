import { DEFAULT_PSP_MODES, type PaymentInfo } from '@bhada/contracts/money/payments';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/http.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { paths } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';
import { renderApp } from '../../../../test/render.tsx';
import { useCheckout } from './use-checkout.ts';

const info: PaymentInfo = {
  amount: 500,
  merchantId: 'MID1',
  transactionCode: 'BHD9',
  checkSumHash: 'tok',
  customerId: 'CN1',
  pspModes: DEFAULT_PSP_MODES,
  host: '/api/sandbox/pg',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function Starter({ create }: { create: () => Promise<PaymentInfo> }) {
  const checkout = useCheckout();
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => void checkout.start(create, { purpose: 'CONSIGNER_TRIP' }, '/portal/consigner/trips')}>
        start
      </button>
      <output data-testid="failed">{checkout.failed ?? ''}</output>
      <output data-testid="state">{JSON.stringify(location.state ?? null)}</output>
    </>
  );
}

beforeEach(async () => {
  await setLanguage('en');
  storage.set('referralUrl', null);
});

describe('useCheckout', () => {
  it('creates the order, remembers where Close returns to and opens the checkout with the order', async () => {
    const { user } = renderApp(<Starter create={() => Promise.resolve(info)} />, { route: '/portal/consigner/trips/T1/pay' });
    await user.click(screen.getByRole('button', { name: 'start' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(paths.payment));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ purpose: 'CONSIGNER_TRIP', payment: info });
    expect(storage.get('referralUrl')).toBe('/portal/consigner/trips');
  });

  it('keeps a refusal on the page: the server’s 400 in the user’s words, anything else as try again', async () => {
    const refuse = (error: Error) => () => Promise.reject(error);
    const first = renderApp(<Starter create={refuse(new ApiError(400, '400', 'Invalid amount'))} />, { route: '/start' });
    await first.user.click(screen.getByRole('button', { name: 'start' }));
    expect(await screen.findByTestId('failed')).toHaveTextContent('Invalid amount');
    expect(screen.getByTestId('location')).toHaveTextContent('/start');
    expect(storage.get('referralUrl')).toBeUndefined();
    first.unmount();

    const second = renderApp(<Starter create={refuse(new ApiError(503, '503', 'down'))} />, { route: '/start' });
    await second.user.click(screen.getByRole('button', { name: 'start' }));
    await waitFor(() => expect(screen.getByTestId('failed')).toHaveTextContent('Something went wrong. Please try again.'));
  });
});
