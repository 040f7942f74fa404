import type { CollectionsResponse } from '@bhada/contracts/operations/operations';
import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { CollectionPage } from './collection-page.tsx';

const server = setupMswServer();

const state = (over: Partial<CollectionsResponse> = {}): CollectionsResponse => ({
  cCode: 'BH261001',
  freightInPaisa: 4_500_000,
  collectedInPaisa: 0,
  detentionCollectedInPaisa: 0,
  pendingInPaisa: 0,
  balanceInPaisa: 4_500_000,
  collections: [],
  actionWindow: { allowed: true, closesAt: null, message: null },
  ...over,
});

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

describe('recording a collection', () => {
  it('sends the amount in exact paisa with an idempotency key and shows the new balance', async () => {
    const sent: Array<{ body: Record<string, unknown>; key: string | null }> = [];
    server.use(
      mswHttp.get('*/api/trips/collection/enums', () =>
        HttpResponse.json(
          ok({
            types: ['TO_PAY', 'ADVANCE', 'DETENTION'],
            modes: ['CASH', 'UPI', 'CHEQUE', 'BANK_TRANSFER'],
            statuses: ['PENDING', 'COLLECTED', 'FAILED'],
          }),
        ),
      ),
      mswHttp.get('*/api/trips/collection', () => HttpResponse.json(ok(state()))),
      mswHttp.post('*/api/trips/collection', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, key: request.headers.get('idempotency-key') });
        return HttpResponse.json(
          ok(
            state({
              collectedInPaisa: 123_456,
              balanceInPaisa: 4_500_000 - 123_456,
              collections: [
                {
                  collectionId: 'COL1',
                  type: 'TO_PAY',
                  mode: 'CASH',
                  amountInPaisa: 123_456,
                  reference: null,
                  status: 'COLLECTED',
                  entryId: 'JE1',
                  collectedBy: 'Ops',
                  collectedAt: '2026-11-23T10:00:00.000Z',
                },
              ],
            }),
            'Collection updated successfully',
          ),
        );
      }),
    );
    const { user } = renderApp(<CollectionPage />, {
      route: '/portal/workflow/collection/BH261001',
      path: '/portal/workflow/collection/:code',
    });
    expect(await screen.findByTestId('collection-balance')).toHaveTextContent('₹45,000');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1234.56');
    await user.click(screen.getByRole('button', { name: 'Record collection' }));
    expect(await screen.findByTestId('collection-balance')).toHaveTextContent('₹43,765.44');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ code: 'BH261001', type: 'TO_PAY', mode: 'CASH', status: 'COLLECTED', amountInPaisa: 123_456 });
    expect(sent[0]?.key).toBeTruthy();
    expect(screen.getAllByTestId('collection-row')).toHaveLength(1);
  });

  it('shows the closed action window and offers no form', async () => {
    server.use(
      mswHttp.get('*/api/trips/collection/enums', () =>
        HttpResponse.json(ok({ types: ['TO_PAY'], modes: ['CASH'], statuses: ['COLLECTED'] })),
      ),
      mswHttp.get('*/api/trips/collection', () =>
        HttpResponse.json(
          ok(
            state({
              actionWindow: {
                allowed: false,
                closesAt: '2026-11-20T10:00:00.000Z',
                message: 'The time to change this consignment ended on 20 Nov 2026, 03:30 pm.',
              },
            }),
          ),
        ),
      ),
    );
    renderApp(<CollectionPage />, { route: '/portal/workflow/collection/BH261001', path: '/portal/workflow/collection/:code' });
    expect(await screen.findByText(/The time to change this consignment ended/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record collection' })).not.toBeInTheDocument();
  });
});
