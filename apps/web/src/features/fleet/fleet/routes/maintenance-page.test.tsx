import type { MaintenanceVehicle } from '@bhada/contracts/fleet/fleet';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { indiaNow } from '../../../../components/date-field.tsx';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import MaintenancePage from './maintenance-page.tsx';

const server = setupMswServer();

const truck: MaintenanceVehicle = {
  vehicleId: 'VEH-1',
  vehicleNumber: 'RJ14GA0001',
  documents: [{ documentId: 'D1', docType: 'INSURANCE', expiresOn: '2026-11-01', status: 'VERIFIED', flag: 'OVERDUE' }],
  reminders: [
    {
      reminderId: 'MNT-1',
      vehicleId: 'VEH-1',
      vehicleNumber: 'RJ14GA0001',
      kind: 'OIL_CHANGE',
      note: 'Engine oil and filter',
      dueOn: '2026-11-20',
      dueOdometerKm: null,
      odometerKm: null,
      status: 'OPEN',
      flag: 'OVERDUE',
      doneOn: null,
      doneNote: null,
      costPaisa: null,
    },
    {
      reminderId: 'MNT-2',
      vehicleId: 'VEH-1',
      vehicleNumber: 'RJ14GA0001',
      kind: 'TYRES',
      note: null,
      dueOn: null,
      dueOdometerKm: 150000,
      odometerKm: 149800,
      status: 'OPEN',
      flag: 'DUE',
      doneOn: null,
      doneNote: null,
      costPaisa: null,
    },
  ],
};

describe('Maintenance page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
  });

  it('flags overdue and due items per vehicle and marks a reminder done with a note and cost in paisa', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.get('*/api/fleet/maintenance', () => HttpResponse.json(ok([truck]))),
      mswHttp.post('*/api/fleet/maintenance/reminders/MNT-1/done', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ...truck.reminders[0], status: 'DONE', flag: 'OK', costPaisa: 245050, doneOn: indiaNow(false) }));
      }),
    );
    const { user } = renderApp(<MaintenancePage />);
    const card = await screen.findByRole('region', { name: 'RJ14GA0001' });
    expect(within(card).getByText(/Insurance · expires 01 Nov 2026/)).toBeInTheDocument();
    expect(within(card).getAllByText('Overdue')).toHaveLength(2);
    expect(within(card).getByText('Due soon')).toBeInTheDocument();
    expect(within(card).getByText('at 1,50,000 km')).toBeInTheDocument();
    expect(screen.getByText('3 items need attention')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark done: Oil change, RJ14GA0001' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Cost/), '2450.50');
    await user.type(within(dialog).getByLabelText('Note'), 'Castrol 15W-40');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ doneOn: indiaNow(false), costPaisa: 245050, note: 'Castrol 15W-40', odometerKm: null });
  });

  it('shows the server’s refusal of a new reminder in the dialog', async () => {
    server.use(
      mswHttp.get('*/api/fleet/maintenance', () => HttpResponse.json(ok([{ ...truck, reminders: [], documents: [] }]))),
      mswHttp.post('*/api/fleet/maintenance/reminders', () =>
        HttpResponse.json(
          { success: false, errorCode: 'VALIDATION_FAILED', message: 'The due reading must be above the current odometer reading' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<MaintenancePage />);
    expect(await screen.findByText('No reminders yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save reminder' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Due at odometer (km)'), '1000');
    await user.type(within(dialog).getByLabelText('Current odometer (km)'), '2000');
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The due reading must be above the current odometer reading');
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    server.use(mswHttp.get('*/api/fleet/maintenance', () => HttpResponse.json(ok([truck]))));
    renderApp(<MaintenancePage />);
    expect(await screen.findByText('ऑयल बदलना')).toBeInTheDocument();
    expect(screen.getAllByText('समय निकल गया').length).toBeGreaterThan(0);
  });
});
