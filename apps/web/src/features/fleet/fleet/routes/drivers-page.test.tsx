import type { Driver } from '@bhada/contracts/fleet/fleet';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import DriversPage from './drivers-page.tsx';

const server = setupMswServer();

const onTrip: Driver = {
  driverId: 'DRV-1',
  name: 'Baldev Singh',
  phone: '9812345678',
  licenceNumber: 'RJ1420190012345',
  licenceExpiry: '2030-01-31',
  vehicleId: 'VEH-1',
  vehicleNumber: 'RJ 14 GA 0001',
  tripsDriven: 3,
  onActiveTrip: true,
};

describe('Drivers page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
  });

  it('lists drivers with licence, vehicle and trips; a driver on a trip cannot be removed; adding shows the server refusal by the field', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.get('*/api/fleet/drivers', () => HttpResponse.json(ok([onTrip]))),
      mswHttp.get('*/api/rest/tesseract/v1/operator/vehicles/list', () => HttpResponse.json(ok([]))),
      mswHttp.post('*/api/fleet/drivers', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { success: false, message: 'A driver with this mobile number already exists', errorCode: 'CONFLICT', field: 'phone' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp(<DriversPage />);
    expect(await screen.findByText('Baldev Singh')).toBeInTheDocument();
    expect(screen.getByText('Licence RJ1420190012345 · valid until 31 Jan 2030')).toBeInTheDocument();
    expect(screen.getByText('RJ 14 GA 0001 · 3 trips')).toBeInTheDocument();
    expect(screen.getByText('On a trip')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Baldev Singh' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: /Driver name/ }), 'Mohan Lal');
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '98-1234-5678');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(dialog).findByText('A driver with this mobile number already exists')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Mohan Lal', phone: '9812345678', licenceNumber: null, licenceExpiry: null, vehicleId: null }]);
  });
});
