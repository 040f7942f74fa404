import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import SupportDeskPage from './support-desk-page.tsx';

const server = setupMswServer();
const DESK = '/portal/admin/support';

const summary = {
  ticketId: 'TKT-1',
  category: 'FASTAG_DISPUTE',
  referenceType: 'FASTAG_TXN',
  referenceId: 'FTX-1',
  subject: 'Toll dispute: RJ14GA1234 at Kherki Daula',
  status: 'OPEN',
  outcome: null,
  assignedTo: null,
  messageCount: 0,
  lastMessageAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('support desk', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-admin', menuType: 'ADMIN' });
  });

  it('shows the open queue with age, opens a dispute and resolves it in the operator favour', async () => {
    let resolved: unknown;
    let status = 'OPEN';
    server.use(
      mswHttp.get('*/api/admin/tickets', () =>
        HttpResponse.json(
          ok({
            tickets: [{ ...summary, status, operatorId: 'OP1', operatorName: 'Rajesh Kumar', ageHours: 26.4 }],
            totalCount: 1,
            counts: { OPEN: 1 },
          }),
        ),
      ),
      mswHttp.get('*/api/admin/tickets/TKT-1', () =>
        HttpResponse.json(
          ok({
            ...summary,
            status,
            outcome: status === 'RESOLVED' ? 'OPERATOR_FAVOUR' : null,
            operatorId: 'OP1',
            details: { plaza: 'Kherki Daula', amountPaisa: 41500 },
            resolvedAt: null,
            creditedTxnId: status === 'RESOLVED' ? 'FTX-9' : null,
            messages: [],
          }),
        ),
      ),
      mswHttp.post('*/api/admin/tickets/TKT-1/resolve', async ({ request }) => {
        resolved = await request.json();
        status = 'RESOLVED';
        return HttpResponse.json(
          ok({ ...summary, status, operatorId: 'OP1', details: {}, resolvedAt: null, creditedTxnId: 'FTX-9', messages: [] }),
        );
      }),
    );
    const { user } = renderApp(<SupportDeskPage />, { route: DESK, path: DESK });
    expect(await screen.findByText('Rajesh Kumar · Toll dispute')).toBeInTheDocument();
    expect(screen.getByText('26 h')).toBeInTheDocument();
    await user.click(screen.getByText('Toll dispute: RJ14GA1234 at Kherki Daula'));
    expect(await screen.findByText('plaza: Kherki Daula')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Outcome/ }));
    await user.click(await screen.findByRole('option', { name: 'Resolved in your favour' }));
    expect(screen.getByText('The toll amount will be credited back to the tag once.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note to the operator'), 'Charged twice; refunded.');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolved).toEqual({ outcome: 'OPERATOR_FAVOUR', note: 'Charged twice; refunded.' }));
    expect(await screen.findByText('Toll credited back to the tag (FTX-9)')).toBeInTheDocument();
  });

  it('says when the queue is empty', async () => {
    server.use(mswHttp.get('*/api/admin/tickets', () => HttpResponse.json(ok({ tickets: [], totalCount: 0, counts: {} }))));
    renderApp(<SupportDeskPage />, { route: DESK, path: DESK });
    expect(await screen.findByText('No tickets in this state.')).toBeInTheDocument();
  });
});
