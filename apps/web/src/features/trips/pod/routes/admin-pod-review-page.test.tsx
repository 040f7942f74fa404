import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import AdminPodReviewPage from './admin-pod-review-page.tsx';

const server = setupMswServer();

const trip = {
  tripId: 'TR-1',
  demandId: 'DM-1',
  state: 'POD_SUBMITTED',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  vehicleId: 'V1',
  vehicleNumber: 'RJ14GA1234',
  driverName: 'Ramesh',
  driverNumber: '9876500000',
  consignerName: 'Hindustan Cement Works',
  agreedPriceInPaisa: 4_500_000,
  tokenAmountInPaisa: 500_000,
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
};

describe('admin POD review (issue 16 point 8)', () => {
  let verified = 0;
  beforeEach(async () => {
    verified = 0;
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'ADMIN' });
    server.use(
      mswHttp.get('*/api/admin/trips', () => HttpResponse.json(ok({ trips: [trip], pageNo: 0, totalPageCount: 1, totalCount: 1 }))),
      mswHttp.get('*/api/admin/trips/TR-1/pod', () =>
        HttpResponse.json(
          ok({ tripId: 'TR-1', demandId: 'DM-1', state: 'POD_SUBMITTED', collectPod: false, rejectReason: null, pods: [] }),
        ),
      ),
      mswHttp.post('*/api/admin/trips/TR-1/pod/verify', () => {
        verified++;
        return HttpResponse.json(ok({ tripId: 'TR-1' }));
      }),
    );
  });

  it('asks before it verifies and pays the balance; Cancel pays nothing', async () => {
    const { user } = renderApp(<AdminPodReviewPage />);
    await user.click(await screen.findByRole('button', { name: 'Verify and pay balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify this POD and pay the balance?' });
    expect(dialog).toHaveTextContent('Trip TR-1: the operator is paid the whole balance now. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(verified).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Verify and pay balance' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, verify and pay' }));
    await waitFor(() => expect(verified).toBe(1));
  });
});
