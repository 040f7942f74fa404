import type { Consignment } from '@bhada/contracts/operations/operations';
import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { UpdateConsignmentPage } from './update-consignment-page.tsx';

const server = setupMswServer();

const consignment: Consignment = {
  cId: 'CSG1',
  cCode: 'BH261001',
  tripId: 'TRP1',
  consignerCode: 'CN2001',
  consignerName: 'Hindustan Cement Works',
  consignee: null,
  operatorId: 'OP1001',
  operatorName: 'Shree Balaji Roadlines',
  laneCode: 'JAI-DEL',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  loadType: 'FTL',
  material: 'Cement bags',
  weightKg: 20000,
  packages: 400,
  freightInPaisa: 4_500_000,
  status: 'BOOKED',
  version: 3,
  deleted: false,
  deleteBlockedReason: 'This consignment has collections recorded and cannot be deleted.',
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
  history: [
    {
      id: 7,
      action: 'UPDATED',
      actorName: 'Bhada Operations',
      at: '2026-11-21T05:00:00.000Z',
      changes: { freightPaisa: [4_400_000, 4_500_000] },
    },
  ],
};

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

describe('editing a consignment', () => {
  it('shows who changed what, refuses delete with the reason, and saves the edit with its version and exact paisa', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      mswHttp.get('*/api/admin/consignment/get', () => HttpResponse.json(ok(consignment))),
      mswHttp.get('*/api/vehicle/loadType', () => HttpResponse.json(ok({ loadTypes: [{ code: 'FTL' }, { code: 'CONTAINER' }] }))),
      mswHttp.get('*/api/lanes/getLanes', () =>
        HttpResponse.json(ok({ lanes: [{ code: 'JAI-DEL', originCity: 'Jaipur', destinationCity: 'Delhi' }] })),
      ),
      mswHttp.get('*/api/consignee/list', () => HttpResponse.json(ok({ consignees: [] }))),
      mswHttp.post('*/api/admin/consignment/update', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(ok({ ...consignment, version: 4, material: 'Steel coils' }, 'Consignment updated successfully.'));
      }),
    );
    const { user } = renderApp(<UpdateConsignmentPage />, { route: '/portal/update-consignment?cId=CSG1' });
    expect(await screen.findByTestId('consignment-code')).toHaveTextContent('BH261001');
    expect(screen.getByText('Edited · Bhada Operations')).toBeInTheDocument();
    expect(screen.getByText('₹44,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText('This consignment has collections recorded and cannot be deleted.')).toBeInTheDocument();

    const material = screen.getByRole('textbox', { name: 'Material' });
    await user.clear(material);
    await user.type(material, 'Steel coils');
    const freight = screen.getByRole('textbox', { name: 'Freight' });
    await user.clear(freight);
    await user.type(freight, '45012.34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Consignment updated successfully.');
    expect(sent).toMatchObject({ cId: 'CSG1', version: 3, material: 'Steel coils', freightInPaisa: 4_501_234, tripId: 'TRP1' });
  });
});
