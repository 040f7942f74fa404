import type { TripBalance } from '@bhada/contracts/money/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '../../test/msw.ts';
import { ok } from '../../test/render.tsx';
import { createQueryClient } from '../query-client.ts';
import { useSaveConsent } from './consent.ts';
import { sharedKeys } from './keys.ts';
import { useTripBalance, useTripBalances } from './trip-balances.ts';
import { refreshWalletBalance, useWalletBalance } from './wallet-balance.ts';

const server = setupMswServer();

function withClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

const route = { originCity: 'Jaipur', destinationCity: 'Delhi', state: 'IN_TRANSIT', createdAt: '2026-11-20T05:00:00.000Z' };
const nothingPaid = { tdsInPaisa: 0, paidInPaisa: 0, pendingInPaisa: 0 };
const balance = (tripId: string, balanceInPaisa: number): TripBalance => ({
  ...route,
  ...nothingPaid,
  tripId,
  demandId: `D-${tripId}`,
  vehicleNumber: 'RJ14GB1234',
  freightInPaisa: balanceInPaisa,
  balanceInPaisa,
});

describe('shared data (ADR 099)', () => {
  it('reads the wallet balance once for every screen and reads it again after money moves', async () => {
    let calls = 0;
    let paisa = 500_000;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/payment/wallet', () => {
        calls += 1;
        return HttpResponse.json(ok({ balanceInPaisa: paisa, active: true }));
      }),
    );
    const { queryClient, wrapper } = withClient();
    const first = renderHook(() => useWalletBalance(), { wrapper });
    const second = renderHook(() => useWalletBalance(), { wrapper });
    await waitFor(() => expect(first.result.current.data?.balanceInPaisa).toBe(500_000));
    expect(second.result.current.data?.balanceInPaisa).toBe(500_000);
    expect(calls).toBe(1);

    paisa = 350_000;
    await act(() => refreshWalletBalance(queryClient));
    await waitFor(() => expect(second.result.current.data?.balanceInPaisa).toBe(350_000));
    expect(calls).toBe(2);
  });

  it('answers the list of trip balances and one trip of it from the same cached call', async () => {
    let calls = 0;
    server.use(
      mswHttp.get('*/api/consigner/balance/trip', () => {
        calls += 1;
        return HttpResponse.json(
          ok({
            userCode: 'C1',
            balances: [balance('T1', 100_00), balance('T2', 250_00)],
            totalBalanceInPaisa: 350_00,
            tdsAmount: 0,
            creditInPaisa: 0,
          }),
        );
      }),
    );
    const { queryClient, wrapper } = withClient();
    const list = renderHook(() => useTripBalances(), { wrapper });
    await waitFor(() => expect(list.result.current.data?.balances).toHaveLength(2));
    const one = renderHook(() => useTripBalance('T2'), { wrapper });
    await waitFor(() => expect(one.result.current.data?.balanceInPaisa).toBe(250_00));
    const missing = renderHook(() => useTripBalance('T9'), { wrapper });
    await waitFor(() => expect(missing.result.current.isSuccess).toBe(true));
    expect(missing.result.current.data).toBeNull();
    // the pay page always reads afresh on opening, into the same cache entry as the list
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(queryClient.getQueryData(sharedKeys.tripBalances())).toMatchObject({ userCode: 'C1' });
  });

  it('saves a consent through the one call and runs the screen’s own cache effects', async () => {
    const sent: Array<{ demandId: string; body: unknown }> = [];
    server.use(
      mswHttp.put('*/api/rest/tesseract/v1/load/:demandId/consent', async ({ params, request }) => {
        const body = (await request.json()) as { loadConsent: 'ACCEPTED' | 'REJECTED' };
        sent.push({ demandId: String(params.demandId), body });
        return HttpResponse.json(ok({ demandId: String(params.demandId), loadConsent: body.loadConsent }));
      }),
    );
    const { wrapper } = withClient();
    const effects: string[] = [];
    const { result } = renderHook(
      () =>
        useSaveConsent({
          onMutate: (input) => void effects.push(`before:${input.loadConsent}`),
          onSuccess: (answer) => void effects.push(`after:${answer.demandId}`),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ demandId: 'DEM 7', loadConsent: 'REJECTED' }));
    expect(sent).toEqual([{ demandId: 'DEM 7', body: { loadConsent: 'REJECTED' } }]);
    expect(effects).toEqual(['before:REJECTED', 'after:DEM 7']);
  });
});
