import type { DocketResponse } from '@bhada/contracts/operations/operations';
import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DocketPage } from './docket-page.tsx';

const server = setupMswServer();

const docket = (over: Partial<DocketResponse> = {}): DocketResponse => ({
  cCode: 'BH261001',
  consignment: {
    cId: 'CSG1',
    cCode: 'BH261001',
    tripId: null,
    consignerCode: 'CN2001',
    consignerName: 'Hindustan Cement Works',
    consignee: {
      id: 'CNE-001',
      name: 'Ambuja Building Supplies',
      gstin: '07AABCA1234F1Z5',
      address: 'Okhla',
      city: 'Delhi',
      contactName: null,
      contactPhone: null,
    },
    operatorId: null,
    operatorName: null,
    laneCode: 'JAI-DEL',
    originCity: 'Jaipur',
    destinationCity: 'Delhi',
    loadType: 'FTL',
    material: 'Cement bags',
    weightKg: 20000,
    packages: 400,
    freightInPaisa: 4_500_000,
    status: 'BOOKED',
    version: 1,
    deleted: false,
    deleteBlockedReason: null,
    createdAt: '2026-11-20T05:00:00.000Z',
    updatedAt: '2026-11-20T05:00:00.000Z',
  },
  docket: {
    docketNumber: 'LR/24001',
    docketDate: '2026-11-20',
    ewayBillNumber: '331012345678',
    ewayBillValidUntil: '2026-11-22T12:30:00.000Z',
    ewayBillState: 'EXPIRING',
    remarks: null,
    updatedAt: '2026-11-20T06:00:00.000Z',
  },
  invoices: [
    { invoiceId: 'INV1', invoiceNumber: 'GST/1', invoiceDate: '2026-11-19', valueInPaisa: 25_000_000, hasFile: false, viewUrl: null },
  ],
  totalInvoiceValueInPaisa: 25_000_000,
  actionWindow: { allowed: true, closesAt: null, message: null },
  ...over,
});

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

const route = { route: '/portal/workflow/docket/BH261001', path: '/portal/workflow/docket/:code' };

describe('the docket page', () => {
  it('shows the e-way bill state and the invoices, and puts the server’s e-way bill message on its field', async () => {
    server.use(
      mswHttp.get('*/api/consignment/getDocket', () => HttpResponse.json(ok(docket()))),
      mswHttp.post('*/api/consignment/saveDocket', () =>
        HttpResponse.json(
          { success: false, message: 'Enter a valid 12-digit e-way bill number', errorCode: 'VALIDATION_FAILED', field: 'ewayBillNumber' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<DocketPage />, route);
    expect(await screen.findByTestId('eway-state')).toHaveTextContent('E-way bill expires within a day');
    expect(screen.getByTestId('invoice-row')).toHaveTextContent('₹2,50,000');
    const eway = screen.getByRole('textbox', { name: 'E-way bill number (12 digits)' });
    await user.clear(eway);
    await user.type(eway, '12ab34');
    expect(eway).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Save docket' }));
    expect(await screen.findByText('Enter a valid 12-digit e-way bill number')).toBeInTheDocument();
  });

  it('locks the docket once the action window has closed', async () => {
    server.use(
      mswHttp.get('*/api/consignment/getDocket', () =>
        HttpResponse.json(
          ok(
            docket({
              actionWindow: {
                allowed: false,
                closesAt: '2026-11-21T10:00:00.000Z',
                message: 'The time to change this consignment ended on 21 Nov 2026, 03:30 pm.',
              },
            }),
          ),
        ),
      ),
    );
    renderApp(<DocketPage />, route);
    expect(await screen.findByTestId('window-closed')).toHaveTextContent('The time to change this consignment ended');
    expect(screen.getByRole('button', { name: 'Save docket' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Docket number' })).toBeDisabled();
  });
});
