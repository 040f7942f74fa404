import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DISPATCHER_PERMISSIONS, queryClientWithSession } from '../../../../test/session.ts';
import { TokenPaymentPage } from './token-payment-page.tsx';

const server = setupMswServer();
const PATH = '/web-view/active-loads/token/:demandId';
const ROUTE = '/web-view/active-loads/token/DM-W1';

const details = {
  demandId: 'DM-W1',
  laneName: 'Delhi → Ludhiana',
  tokenAmount: 1000,
  opQuote: 11_600,
  balanceAfterToken: -500,
  walletBalance: 500,
  canPay: false,
  loadingAt: new Date(Date.now() + 86_400_000).toISOString(),
  token: null,
};
const vehicle = {
  vehicleId: 'VEH-1',
  vehicleNumber: 'PB10AB1234',
  vehicleType: '10 Tyre Open',
  bodyType: 'OPEN',
  currentCity: 'Delhi',
  distanceKm: 15,
  vehicleProximityWarning: false,
  available: true,
  busyTripId: null,
};
const token = (status: 'DRAFT' | 'INITIATED') => ({
  tokenId: 'TK-1',
  demandId: 'DM-W1',
  status,
  tokenAmount: 1000,
  vehicleId: 'VEH-1',
  vehicleNumber: 'PB10AB1234',
  driverName: 'Balwinder Singh',
  driverNumber: '9812345678',
  tripId: null,
  paidAt: null,
  cancelledAt: null,
  refundAmount: null,
});

function serve() {
  const calls: string[] = [];
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/demand/DM-W1/token-details', () => HttpResponse.json(ok(details))),
    mswHttp.get('*/api/rest/tesseract/v1/demand/DM-W1/vehicles', () => HttpResponse.json(ok([vehicle]))),
    // nobody in the phonebook yet: the screen opens on "New driver"
    mswHttp.get('*/api/rest/tesseract/v1/token/DM-W1/phonebook-driver-info', () => HttpResponse.json(ok([]))),
    mswHttp.post('*/api/rest/tesseract/v1/token/DM-W1/vehicle-details', () => {
      calls.push('vehicle-details');
      return HttpResponse.json(ok(token('DRAFT')));
    }),
    mswHttp.post('*/api/rest/tesseract/v1/demand/DM-W1/initiate-token', () => {
      calls.push('initiate-token');
      return HttpResponse.json(ok(token('INITIATED')));
    }),
    mswHttp.post('*/api/rest/tesseract/v1/token/DM-W1/pay-token', () => {
      calls.push('pay-token');
      return HttpResponse.json(
        { success: false, message: 'Insufficient wallet balance. Please add money to your wallet.', errorCode: 'INSUFFICIENT_BALANCE' },
        { status: 400 },
      );
    }),
  );
  return calls;
}

describe('token payment', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP2' });
  });

  it('needs a 10-digit driver number before it calls the server', async () => {
    const calls = serve();
    const { user } = renderApp(<TokenPaymentPage />, { route: ROUTE, path: PATH });

    await user.click(await screen.findByRole('radio', { name: /PB10AB1234/ }));
    await user.type(screen.getByLabelText('Driver name'), 'Balwinder Singh');
    await user.type(screen.getByLabelText('Driver mobile number'), '981234567');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,000 from wallet' }));

    expect(await screen.findByText("Enter the driver's 10-digit mobile number")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says the balance is too low and offers Add Money', async () => {
    const calls = serve();
    const { user } = renderApp(<TokenPaymentPage />, { route: ROUTE, path: PATH });

    await user.click(await screen.findByRole('radio', { name: /PB10AB1234/ }));
    await user.type(screen.getByLabelText('Driver name'), 'Balwinder Singh');
    // letters and extra digits are dropped as they are typed
    await user.type(screen.getByLabelText('Driver mobile number'), '98a123456789');
    expect(screen.getByLabelText('Driver mobile number')).toHaveValue('9812345678');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,000 from wallet' }));

    expect(await screen.findByText('Your wallet balance is too low for this token. Add money and try again.')).toBeInTheDocument();
    const addMoney = screen.getByRole('link', { name: 'Add money to wallet' });
    expect(addMoney).toHaveAttribute('href', '/portal/wallet/add-money');
    expect(calls).toEqual(['vehicle-details', 'initiate-token', 'pay-token']);
    // still on the payment screen: nothing was confirmed
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(ROUTE));
  });

  it('does not offer Add Money to a role that may not add money', async () => {
    serve();
    const { user } = renderApp(<TokenPaymentPage />, {
      route: ROUTE,
      path: PATH,
      queryClient: queryClientWithSession('SUBORDINATE', DISPATCHER_PERMISSIONS),
    });
    await user.click(await screen.findByRole('radio', { name: /PB10AB1234/ }));
    await user.type(screen.getByLabelText('Driver name'), 'Balwinder Singh');
    await user.type(screen.getByLabelText('Driver mobile number'), '9812345678');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,000 from wallet' }));
    expect(await screen.findByText('Your wallet balance is too low for this token. Add money and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add money to wallet' })).not.toBeInTheDocument();
  });
});
