import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import AdminFleetPage from './admin-fleet-page.tsx';

const server = setupMswServer();

const item = (id: string, docType: string) => ({
  documentId: id,
  vehicleId: 'VEH-1',
  docType,
  fileName: `${docType.toLowerCase()}.jpg`,
  resourceKey: `fleet/${id}.jpg`,
  status: 'PENDING',
  statusHi: 'जाँच बाकी',
  rejectReason: null,
  expiresOn: null,
  expiringSoon: false,
  createdAt: '2026-11-20T10:00:00Z',
  operatorId: 'OP1',
  operatorName: 'Ravi Roadlines',
  vehicleNumber: 'RJ 14 GA 0123',
  viewUrl: `/api/files/view/fleet/${id}.jpg?exp=1&sig=x`,
});

describe('Admin fleet review', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-admin', menuType: 'ADMIN' });
  });

  it('verifies one RC side and rejects the other with a reason', async () => {
    let queue = [item('D1', 'RC_FRONT'), item('D2', 'RC_BACK')];
    const decisions: Array<{ id: string; action: string; body: unknown }> = [];
    server.use(
      mswHttp.get('*/api/admin/fleet/gps-orders', () => HttpResponse.json(ok([]))),
      mswHttp.get('*/api/admin/fleet/documents', ({ request }) =>
        HttpResponse.json(ok(new URL(request.url).searchParams.get('status') === 'PENDING' ? queue : [])),
      ),
      mswHttp.post('*/api/admin/fleet/documents/:id/:action', async ({ params, request }) => {
        const body = await request.text();
        decisions.push({ id: params.id as string, action: params.action as string, body: body ? JSON.parse(body) : null });
        queue = queue.filter((d) => d.documentId !== params.id);
        return HttpResponse.json(
          ok({ ...item(params.id as string, 'RC_FRONT'), status: params.action === 'verify' ? 'VERIFIED' : 'REJECTED' }),
        );
      }),
    );
    const { user } = renderApp(<AdminFleetPage />);
    const cards = await screen.findAllByTestId('review-item');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('RC front · RJ 14 GA 0123');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Open rc_front.jpg' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/files/view/'),
    );

    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByTestId('review-item')).toHaveLength(1));

    const back = screen.getByTestId('review-item');
    const reject = within(back).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(within(back).getByRole('textbox', { name: 'Reason for rejecting' }), 'Photo is blurred');
    await user.click(reject);
    await waitFor(() => expect(screen.queryAllByTestId('review-item')).toHaveLength(0));
    expect(decisions).toEqual([
      { id: 'D1', action: 'verify', body: null },
      { id: 'D2', action: 'reject', body: { reason: 'Photo is blurred' } },
    ]);
  });
});
