import type { LoadDetail } from '@bhada/contracts/marketplace/loads';
import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { LoadDetailsPage } from './load-details-page.tsx';

const server = setupMswServer();
const PATH = '/web-view/active-loads/details/:demandId';
const ROUTE = '/web-view/active-loads/details/DM-T1';

function openLoad(overrides: Partial<LoadDetail['quote']> = {}): LoadDetail {
  const closesAt = new Date(Date.now() + 30 * 60_000).toISOString();
  const point = { name: 'Changodar Industrial Estate', address: 'Changodar', lat: 22.93, lng: 72.44, contactName: '', contactPhone: '' };
  return {
    demandId: 'DM-T1',
    state: 'OPEN',
    loadState: 'OPEN',
    laneName: 'Ahmedabad → Mumbai',
    originCity: 'Ahmedabad',
    destinationCity: 'Mumbai',
    distanceKm: 550,
    vehicleType: '40 FT Flatbed Trailer',
    bodyType: 'TRAILER',
    tyreCount: 22,
    tonnage: 40,
    lengthFeet: 40,
    material: 'Rice bags',
    loadingAt: new Date(Date.now() + 86_400_000).toISOString(),
    biddingEndsAt: closesAt,
    timeLeft: 1800,
    tokenAmount: 5000,
    myQuote: null,
    consent: null,
    vehicleMatch: true,
    nearestVehicleKm: 10,
    loadingPoints: [point],
    unloadingPoints: [{ ...point, name: 'JNPT Nhava Sheva Port' }],
    origin: { city: 'Ahmedabad', lat: 23.02, lng: 72.57 },
    destination: { city: 'Mumbai', lat: 19.07, lng: 72.87 },
    quote: {
      value: null,
      timeLeft: 1800,
      closesAt,
      placedAt: null,
      leaderboard: { rank: null, bidderCount: 2, bestBand: { min: 40_000, max: 42_000 }, tag: null },
      ...overrides,
    },
    result: { agreedPrice: null, tripId: null, awardedAt: null },
  };
}

const quality = {
  quality: 'GOOD',
  benchmark: 41_250,
  band: { min: 40_000, max: 42_000 },
  basis: 'DISTANCE_RATE',
  sampleSize: 0,
  value: 41_000,
};

/** The query client of the app, without retries, so a failed read shows its error at once. */
function noRetryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

describe('load details: the quote sheet', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('goes posting → posted and shows the new rank from the server', async () => {
    let placed: unknown;
    let quoted = false;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1', () =>
        HttpResponse.json(
          ok(
            quoted
              ? openLoad({
                  value: 41_000,
                  placedAt: new Date().toISOString(),
                  leaderboard: { rank: 1, bidderCount: 3, bestBand: { min: 40_000, max: 42_000 }, tag: 't1' },
                })
              : openLoad(),
          ),
        ),
      ),
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1/quote-quality', () => HttpResponse.json(ok(quality))),
      mswHttp.put('*/api/rest/tesseract/v1/load/DM-T1/quote', async ({ request }) => {
        placed = await request.json();
        await delay(300);
        quoted = true;
        return HttpResponse.json(ok(openLoad({ value: 41_000 }).quote));
      }),
    );
    const { user } = renderApp(<LoadDetailsPage />, { route: ROUTE, path: PATH });

    await user.type(await screen.findByLabelText('Your price for the whole load'), '41000');
    // the quality hint rates the typed price before it is sent
    expect(await screen.findByText('Good price')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit quote' });
    await user.click(submit);
    // posting: the button spins and cannot be pressed twice
    await waitFor(() => expect(submit).toHaveAttribute('data-loading', 'true'));
    expect(await screen.findByText('Quote submitted')).toBeInTheDocument();
    expect(placed).toEqual({ value: 41_000 });
    expect(await screen.findByText('#1')).toBeInTheDocument();
    expect(screen.getByText('Your quote: ₹41,000')).toBeInTheDocument();
  });

  it('shows "Error in submitting bid." when the quote fails', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1', () => HttpResponse.json(ok(openLoad()))),
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1/quote-quality', () => HttpResponse.json(ok(quality))),
      mswHttp.put('*/api/rest/tesseract/v1/load/DM-T1/quote', () =>
        HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderApp(<LoadDetailsPage />, { route: ROUTE, path: PATH, queryClient: noRetryClient() });

    await user.type(await screen.findByLabelText('Your price for the whole load'), '41000');
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Error in submitting bid.')).toBeInTheDocument();
    expect(screen.queryByText('Quote submitted')).not.toBeInTheDocument();
  });

  it('refuses a price outside the bounds without calling the server', async () => {
    let calls = 0;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1', () => HttpResponse.json(ok(openLoad()))),
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1/quote-quality', () => HttpResponse.json(ok(quality))),
      mswHttp.put('*/api/rest/tesseract/v1/load/DM-T1/quote', () => {
        calls += 1;
        return HttpResponse.json(ok(openLoad().quote));
      }),
    );
    const { user } = renderApp(<LoadDetailsPage />, { route: ROUTE, path: PATH });
    await user.type(await screen.findByLabelText('Your price for the whole load'), '500');
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Enter a price between ₹1,000 and ₹10,00,000')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('shows "Error in fetching quote quality." when the rating cannot be read', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1', () => HttpResponse.json(ok(openLoad()))),
      mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1/quote-quality', () =>
        HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp(<LoadDetailsPage />, { route: ROUTE, path: PATH, queryClient: noRetryClient() });
    expect(await screen.findByText('Error in fetching quote quality.')).toBeInTheDocument();
    // the sheet still works: the operator can quote without the hint
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeEnabled();
  });
});
