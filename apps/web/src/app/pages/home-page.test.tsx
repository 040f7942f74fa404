import type { SessionUser } from '@bhada/contracts/account/auth';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';
import { setupMswServer } from '../../test/msw.ts';
import { ok, renderApp } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

const server = setupMswServer();

const tag = (vehicleNumber: string, fastagAmount: number, minBalance: number) => ({
  vehicleId: vehicleNumber,
  vehicleNumber,
  tagId: `T-${vehicleNumber}`,
  tagClass: 4,
  fastagColor: 'purple',
  barcode: 'b',
  lastTollName: null,
  lastTollTime: null,
  fastagAmount,
  autoRecharge: false,
  minBalance,
  status: 'ACTIVE',
});

function operatorCalls() {
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => HttpResponse.json(ok({ balanceInPaisa: 1234550, active: true }))),
    mswHttp.get('*/api/odin/v2/active-loads/states', () =>
      HttpResponse.json(
        ok([
          { stateId: 'OPEN', label: 'Open', labelHi: 'खुले', count: 7 },
          { stateId: 'QUOTED', label: 'Quoted', labelHi: 'कोट किए', count: 2 },
        ]),
      ),
    ),
    mswHttp.get('*/api/rest/tesseract/v1/trip', () => HttpResponse.json(ok({ trips: [], pageNo: 0, totalPageCount: 1, totalCount: 3 }))),
    mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () =>
      HttpResponse.json(
        ok({ list: [tag('RJ14GA1234', 150, 500), tag('RJ14GA5678', 900, 500), tag('RJ14GB0001', 0, 200)], totalCount: 3, searchText: '' }),
      ),
    ),
  );
}

const me = (kind: SessionUser['kind'], permissions: string[]): SessionUser => ({
  userCode: 'U1',
  operatorId: 'OP1001',
  consignerCode: null,
  name: 'Rajesh Kumar',
  phone: '9000000001',
  locale: 'en',
  menuType: 'OPERATOR',
  kind,
  permissions,
});

describe('home page', () => {
  afterEach(() => storage.clearSession());

  it("shows an operator its wallet, open loads, active trips and tags below minimum, from the areas' own calls", async () => {
    operatorCalls();
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Rajesh Kumar', operatorId: 'OP1001' });
    const { user } = renderApp(<HomePage />);
    expect(screen.getByText('Namaste, Rajesh Kumar')).toBeInTheDocument();
    const figures = screen.getByTestId('home-figures');
    expect(await within(figures).findByText('₹12,345.50')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: /^Open loads/ })).toHaveTextContent('7');
    expect(within(figures).getByRole('link', { name: /^Active trips/ })).toHaveTextContent('3');
    expect(within(figures).getByRole('link', { name: /^Tags below minimum/ })).toHaveTextContent('2');
    for (const title of ['Active loads', 'My trips', 'Fastag', 'Add money', 'Users and roles'])
      expect(screen.getByText(title)).toBeInTheDocument();
    await user.click(screen.getByText('Add money'));
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/wallet/add-money');
  });

  it('shows a Dispatcher only the figures and shortcuts its role allows', async () => {
    operatorCalls();
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Mahesh Sharma', operatorId: 'OP1001' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me(), me('SUBORDINATE', ['LOADS_VIEW', 'TRIPS_VIEW', 'FASTAG_VIEW']));
    renderApp(<HomePage />, { queryClient });
    const figures = screen.getByTestId('home-figures');
    expect(await within(figures).findByRole('link', { name: /^Open loads/ })).toBeInTheDocument();
    expect(screen.queryByText('Add money')).toBeNull();
    expect(screen.queryByText('Users and roles')).toBeNull();
    expect(screen.getByText('Active loads')).toBeInTheDocument();
  });

  it('says a figure could not be fetched rather than showing zero', async () => {
    operatorCalls();
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/trip', () =>
        HttpResponse.json({ success: false, message: 'down', errorCode: '500' }, { status: 500 }),
      ),
    );
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Rajesh Kumar', operatorId: 'OP1001' });
    renderApp(<HomePage />);
    const trips = await screen.findByRole('link', { name: 'Active trips' });
    expect(await within(trips).findByText('Could not fetch')).toBeInTheDocument();
  });

  it('shows a consigner what is due on its trips and the loads it posted, not the operator areas', async () => {
    server.use(
      mswHttp.get('*/api/consigner/balance/trip', () =>
        HttpResponse.json(ok({ userCode: 'C1', balances: [], totalBalanceInPaisa: 4500050, tdsAmount: 0, creditInPaisa: 0 })),
      ),
      mswHttp.get('*/api/rest/tesseract/v1/demand', () => HttpResponse.json(ok({ demands: [], pageNo: 0, pageSize: 20, totalCount: 4 }))),
    );
    storage.setMany({ accessToken: 't', menuType: 'CONSIGNER', name: 'Vikram Rathore' });
    renderApp(<HomePage />);
    expect(await screen.findByText('₹45,000.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Loads posted/ })).toHaveTextContent('4');
    expect(screen.getByText('Post a load')).toBeInTheDocument();
    expect(screen.queryByText('Fastag')).toBeNull();
  });

  it('shows an admin the loads and the PODs waiting for review', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/demand', () => HttpResponse.json(ok({ demands: [], pageNo: 0, pageSize: 20, totalCount: 11 }))),
      mswHttp.get('*/api/admin/trips', () => HttpResponse.json(ok({ trips: [], pageNo: 0, totalPageCount: 1, totalCount: 5 }))),
    );
    storage.setMany({ accessToken: 't', menuType: 'ADMIN', name: 'Ops' });
    renderApp(<HomePage />);
    expect(await screen.findByText('11')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^PODs to review/ })).toHaveTextContent('5');
  });
});
