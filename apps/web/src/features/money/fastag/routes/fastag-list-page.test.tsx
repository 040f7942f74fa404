import type { FastagRow } from '@bhada/contracts/money/fastag';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { answerMediaQueries } from '../../../../test/media.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import FastagListPage from './fastag-list-page.tsx';

const server = setupMswServer();

const row: FastagRow = {
  vehicleId: 'VEH-1',
  vehicleNumber: 'RJ14GA1234',
  tagId: 'TAG1',
  tagClass: 12,
  fastagColor: 'pink',
  barcode: '608268-001-1234567',
  lastTollName: 'Kherki Daula Toll Plaza (NH48)',
  lastTollTime: '2026-11-20T18:30:00Z',
  fastagAmount: 1250.5,
  autoRecharge: false,
  minBalance: 0,
  status: 'ACTIVE',
};

describe('Fastag list page', () => {
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    // jsdom lays nothing out; the virtual list needs a viewport to decide which rows to render
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-owner', menuType: 'OPERATOR', name: 'Ravi' });
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => HttpResponse.json(ok({ balanceInPaisa: 500000, active: true }))),
    );
  });

  it('shows the promo page when the fleet has no tags and no search', async () => {
    server.use(mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: [], totalCount: 0, searchText: '' }))));
    renderApp(<FastagListPage />, { route: '/portal/fastag' });
    expect(await screen.findByText('Get Fastag for your fleet')).toBeInTheDocument();
    expect(screen.getByText('Multiple recharge options')).toBeInTheDocument();
  });

  it('lists tags with the balance, and the auto-recharge switch reverts after 0.5 s when the server fails', async () => {
    let calls = 0;
    server.use(
      mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: [row], totalCount: 1, searchText: '' }))),
      mswHttp.put('*/api/fastag/account', () => {
        calls++;
        return HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { user } = renderApp(<FastagListPage />, { route: '/portal/fastag' });
    const table = await screen.findByRole('table', { name: 'Vehicles with Fastag' });
    expect(within(table).getByText('RJ14GA1234')).toBeInTheDocument();
    expect(within(table).getByText('Vehicle (1)')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹5,000');

    const toggle = within(table).getByRole('switch', { name: 'Auto-recharge for RJ14GA1234' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(toggle).not.toBeChecked(), { timeout: 2000 });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('checks a recharge against the wallet before calling the server', async () => {
    let recharged: unknown = null;
    server.use(
      mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: [row], totalCount: 1, searchText: '' }))),
      mswHttp.post('*/api/fastag/recharge', async ({ request }) => {
        recharged = await request.json();
        return HttpResponse.json(
          ok({
            success: true,
            message: 'Fastag Recharge successful for RJ14GA1234.',
            vehicleNumber: 'RJ14GA1234',
            fastagAmount: 1350.5,
            walletBalance: 4900,
          }),
        );
      }),
    );
    const { user } = renderApp(<FastagListPage />, { route: '/portal/fastag' });
    await screen.findByTestId('wallet-balance');
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹5,000'));
    await user.click(await screen.findByRole('button', { name: 'Recharge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recharge RJ14GA1234' });
    const amount = within(dialog).getByLabelText('Amount (₹)');
    await user.type(amount, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByText('Invalid amount')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByText('Recharge amount cannot be greater that wallet balance')).toBeInTheDocument();
    expect(recharged).toBeNull();
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await screen.findByText('Fastag Recharge successful for RJ14GA1234.')).toBeInTheDocument();
    expect(recharged).toEqual({ tagId: 'TAG1', amount: 100 });
  });

  it('sends one idempotency key for the retries of one recharge, and a new one for the next dialog', async () => {
    const keys: Array<string | null> = [];
    server.use(
      mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: [row], totalCount: 1, searchText: '' }))),
      mswHttp.post('*/api/fastag/recharge', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        // the first attempt fails as a lost answer would; the retry succeeds
        if (keys.length === 1)
          return HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 502 });
        return HttpResponse.json(
          ok({ success: true, message: 'ok', vehicleNumber: 'RJ14GA1234', fastagAmount: 1350.5, walletBalance: 4900 }),
        );
      }),
    );
    const { user } = renderApp(<FastagListPage />, { route: '/portal/fastag' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹5,000'));
    await user.click(await screen.findByRole('button', { name: 'Recharge' }));
    let dialog = await screen.findByRole('dialog', { name: 'Recharge RJ14GA1234' });
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await screen.findByText('Fastag Recharge successful for RJ14GA1234.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/\S{8,}/);
    expect(keys[1]).toBe(keys[0]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Recharge' }));
    dialog = await screen.findByRole('dialog', { name: 'Recharge RJ14GA1234' });
    await user.type(within(dialog).getByLabelText('Amount (₹)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps fewer than 100 rows in the DOM for a fleet of 10,000', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(640_000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(64);
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...row,
      tagId: `TAG${i}`,
      vehicleId: `VEH-${i}`,
      vehicleNumber: `RJ14GA${String(i).padStart(4, '0')}`,
    }));
    server.use(
      mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () => HttpResponse.json(ok({ list: many, totalCount: 10_000, searchText: '' }))),
    );
    renderApp(<FastagListPage />, { route: '/portal/fastag' });
    const table = await screen.findByRole('table', { name: 'Vehicles with Fastag' });
    await within(table).findByText('RJ14GA0000');
    expect(within(table).getByText('Vehicle (10,000)')).toBeInTheDocument();
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(1);
    expect(rendered).toBeLessThan(100);
  });

  it('on a phone: one card per tag with balance, auto-recharge and both actions; the vehicle opens the details', async () => {
    window.matchMedia = answerMediaQueries((query) => query.includes('max-width: 40em'));
    try {
      server.use(
        mswHttp.get('*/api/fastag/vehicleWiseTagAmount', () =>
          HttpResponse.json(ok({ list: [{ ...row, autoRecharge: true, minBalance: 500 }], totalCount: 1, searchText: '' })),
        ),
      );
      const { user } = renderApp(<FastagListPage />, { route: '/portal/fastag' });
      const list = await screen.findByRole('table', { name: 'Vehicles with Fastag' });
      // no column headers: a card names what it shows
      expect(within(list).queryByRole('columnheader')).toBeNull();
      expect(within(list).getByText('₹1,250.50')).toBeInTheDocument();
      expect(within(list).getByText('Min ₹500')).toBeInTheDocument();
      expect(within(list).getByRole('switch', { name: 'Auto-recharge for RJ14GA1234' })).toBeChecked();

      await user.click(within(list).getByRole('button', { name: 'Recharge' }));
      expect(await screen.findByRole('dialog', { name: 'Recharge RJ14GA1234' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/portal/fastag');
      await user.keyboard('{Escape}');

      await user.click(within(list).getByRole('button', { name: 'Open Fastag transactions for RJ14GA1234' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/fastag/details'));
    } finally {
      window.matchMedia = answerMediaQueries(() => false);
    }
  });
});
