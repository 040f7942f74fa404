import type { LoadDetail } from '@bhada/contracts/marketplace/loads';
import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { QuoteSheet } from './quote-sheet.tsx';

const server = setupMswServer();

const point = { name: 'Changodar', address: 'Changodar', lat: 22.93, lng: 72.44, contactName: '', contactPhone: '' };
const closesAt = new Date(Date.now() + 30 * 60_000).toISOString();
const load: LoadDetail = {
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
  unloadingPoints: [point],
  origin: { city: 'Ahmedabad', lat: 23.02, lng: 72.57 },
  destination: { city: 'Mumbai', lat: 19.07, lng: 72.87 },
  quote: {
    value: null,
    timeLeft: 1800,
    closesAt,
    placedAt: null,
    leaderboard: { rank: null, bidderCount: 2, bestBand: { min: 40_000, max: 42_000 }, tag: null },
  },
  result: { agreedPrice: null, tripId: null, awardedAt: null },
};

// a cheap price rates GREAT on the server's scale: the sheet must not show it beside a refusal
const great = { quality: 'GREAT', benchmark: 41_250, band: { min: 40_000, max: 42_000 }, basis: 'DISTANCE_RATE', sampleSize: 0, value: 0 };

describe('quote sheet: no praise for a refused price (issue 16 point 8)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', operatorId: 'OP1' });
    server.use(mswHttp.get('*/api/rest/tesseract/v1/load/DM-T1/quote-quality', () => HttpResponse.json(ok(great))));
  });

  it('shows no "Very competitive" badge for a price below the minimum', async () => {
    const { user } = renderApp(<QuoteSheet load={load} open live />);
    await user.type(screen.getByLabelText('Your price for the whole load'), '500');
    expect(await screen.findByText(/This lane usually goes for about/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Enter a price between ₹1,000 and ₹10,00,000')).toBeInTheDocument();
    expect(screen.queryByText('Very competitive')).toBeNull();
  });

  it('drops the badge when the server refuses the price as too low', async () => {
    server.use(
      mswHttp.put('*/api/rest/tesseract/v1/load/DM-T1/quote', () =>
        HttpResponse.json(
          { success: false, message: 'Quote is too low for this load', errorCode: 'QUOTE_TOO_LOW', field: 'value' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<QuoteSheet load={load} open live />);
    await user.type(screen.getByLabelText('Your price for the whole load'), '2000');
    expect(await screen.findByText('Very competitive')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit quote' }));
    expect(await screen.findByText('Quote is too low for this load')).toBeInTheDocument();
    expect(screen.queryByText('Very competitive')).toBeNull();
  });
});
