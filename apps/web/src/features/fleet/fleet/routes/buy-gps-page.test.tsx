import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import BuyGpsPage from './buy-gps-page.tsx';

const server = setupMswServer();

const info = {
  productName: 'Bhada GPS tracker',
  features: ['LIVE_LOCATION'],
  images: ['/gps/tracker-front.svg'],
  priceInPaisa: 0,
  orders: [
    {
      orderId: 'GPS-1',
      vehicleId: 'VEH-9',
      vehicleNumber: 'RJ 14 GA 0009',
      status: 'SCHEDULED',
      scheduledFor: '2026-12-01',
      deviceId: null,
      createdAt: '2026-11-20T10:00:00Z',
    },
  ],
};
const vehicles = [
  { vehicleId: 'VEH-1', number: 'RJ14GA0001', vehicleType: '32 FT Container', status: 'VERIFIED', hasDevice: false },
  { vehicleId: 'VEH-2', number: 'RJ14GA0002', vehicleType: '32 FT Container', status: 'PENDING', hasDevice: false },
];

describe('Buy GPS page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/gps/order-info', () => HttpResponse.json(ok(info))),
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles/list', () => HttpResponse.json(ok(vehicles))),
      mswHttp.get('*/api/rest/tesseract/v1/vehicle/:id/gps-eligibility', ({ params }) =>
        HttpResponse.json(
          ok(
            params.id === 'VEH-1'
              ? { vehicleId: 'VEH-1', eligible: true, reason: 'ELIGIBLE' }
              : { vehicleId: params.id, eligible: false, reason: 'NOT_VERIFIED' },
          ),
        ),
      ),
    );
  });

  it('orders for an eligible vehicle and says the team will call within 24 hours; an ineligible one says why', async () => {
    let ordered: string | null = null;
    server.use(
      mswHttp.post('*/api/rest/tesseract/v1/vehicle/:id/install-gps', ({ params }) => {
        ordered = params.id as string;
        return HttpResponse.json(ok({ ...info.orders[0], orderId: 'GPS-2', vehicleId: 'VEH-1', status: 'PLACED', scheduledFor: null }));
      }),
    );
    const { user } = renderApp(<BuyGpsPage />);
    expect(await screen.findByText(/RJ 14 GA 0009/)).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    const order = screen.getByRole('button', { name: 'Order GPS' });
    expect(order).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Vehicle' }));
    await user.click(await screen.findByRole('option', { name: 'RJ14GA0002' }));
    expect(await screen.findByText('Get this vehicle verified first (upload its RC in Documents)')).toBeInTheDocument();
    expect(order).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Vehicle' }));
    await user.click(await screen.findByRole('option', { name: 'RJ14GA0001' }));
    await waitFor(() => expect(order).toBeEnabled());
    await user.click(order);
    expect(await screen.findByText('Your order is placed. Our team will call you within 24 hours.')).toBeInTheDocument();
    expect(ordered).toBe('VEH-1');
  });

  it('a failed order shows the spec message', async () => {
    server.use(
      mswHttp.post('*/api/rest/tesseract/v1/vehicle/:id/install-gps', () =>
        HttpResponse.json({ success: false, message: 'down', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderApp(<BuyGpsPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vehicle' }));
    await user.click(await screen.findByRole('option', { name: 'RJ14GA0001' }));
    const order = screen.getByRole('button', { name: 'Order GPS' });
    await waitFor(() => expect(order).toBeEnabled());
    await user.click(order);
    expect(await screen.findByText('Some error occured while placing your order')).toBeInTheDocument();
  });
});
