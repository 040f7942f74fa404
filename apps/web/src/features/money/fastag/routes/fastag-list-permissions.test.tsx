import type { FastagRow } from '@bhada/contracts/money/fastag';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DISPATCHER_PERMISSIONS, queryClientWithSession } from '../../../../test/session.ts';
import FastagListPage from './fastag-list-page.tsx';

const server = setupMswServer();

const row: FastagRow = {
  vehicleId: 'VEH-1',
  vehicleNumber: 'RJ14GA1234',
  tagId: 'TAG1',
  tagClass: 12,
  fastagColor: 'pink',
  barcode: '608268-001-1234567',
  lastTollName: null,
  lastTollTime: null,
  fastagAmount: 1250.5,
  autoRecharge: true,
  minBalance: 500,
  status: 'ACTIVE',
};

describe('Fastag list by permission (issue 16 point 4)', () => {
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Mahesh' });
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => HttpResponse.json(ok({ balanceInPaisa: 500000, active: true }))),
      mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: [row], totalCount: 1, searchText: '' }))),
    );
  });

  it('shows a Dispatcher the tags but no Recharge, Maintain balance, Add Money or Passbook, and a read-only auto-recharge', async () => {
    renderApp(<FastagListPage />, { route: '/portal/fastag', queryClient: queryClientWithSession('SUBORDINATE', DISPATCHER_PERMISSIONS) });
    const table = await screen.findByRole('table', { name: 'Vehicles with Fastag' });
    expect(within(table).getByText('RJ14GA1234')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recharge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Maintain balance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Money' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passbook' })).toBeNull();
    expect(within(table).getByRole('switch')).toBeDisabled();
  });

  it('shows an owner every control', async () => {
    renderApp(<FastagListPage />, {
      route: '/portal/fastag',
      queryClient: queryClientWithSession('OPERATOR', [...DISPATCHER_PERMISSIONS, 'FASTAG_RECHARGE', 'WALLET_VIEW', 'WALLET_ADD_MONEY']),
    });
    const table = await screen.findByRole('table', { name: 'Vehicles with Fastag' });
    expect(within(table).getByRole('button', { name: 'Recharge' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Maintain balance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Money' })).toBeInTheDocument();
    expect(within(table).getByRole('switch')).toBeEnabled();
  });
});
