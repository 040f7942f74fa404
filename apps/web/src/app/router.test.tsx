import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { storage } from '../lib/storage.ts';
import { setupMswServer } from '../test/msw.ts';
import { ok, renderApp } from '../test/render.tsx';
import { AppRoutes } from './router.tsx';

const server = setupMswServer();

describe('routes', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('sends a visitor without a token from a private route to /operatorlogin', async () => {
    renderApp(<AppRoutes />, { route: '/portal/ums' });
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/operatorlogin');
  });

  it('redirects /portal/consigner to /portal/consigner/vehicles inside the shell', async () => {
    storage.setMany({ accessToken: 't', menuType: 'CONSIGNER', name: 'Shree Cement' });
    server.use(
      mswHttp.get('*/api/auth/me', () =>
        HttpResponse.json(
          ok({
            userCode: 'C1',
            operatorId: null,
            consignerCode: 'CN1',
            name: 'Shree Cement',
            phone: '9000000001',
            locale: 'en',
            menuType: 'CONSIGNER',
            kind: 'CONSIGNER',
            permissions: [],
          }),
        ),
      ),
    );
    // operations: the vehicles page lists the consigner's vehicles
    server.use(
      mswHttp.get('*/api/vehicle/getConsignerVehicles', () =>
        HttpResponse.json(ok({ list: [], pageNo: 0, pageSize: 10, totalCount: 0, totalPages: 0 })),
      ),
      mswHttp.get('*/api/vehicle/getFilters', () => HttpResponse.json(ok({ states: [], lanes: [], operators: [] }))),
    );
    renderApp(<AppRoutes />, { route: '/portal/consigner' });
    expect(await screen.findByText(/No vehicles match/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/consigner/vehicles');
    // the page sets the shell title in an effect, after its text is on screen
    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicles' })).toBeInTheDocument();
  });
});
