// The trip page composed with the tracking card as the router composes them (features stay apart).
import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TripTrackingCard } from '../features/trips/tracking/components/trip-tracking.tsx';
import TripDetailsPage from '../features/trips/trips/routes/trip-details-page.tsx';
import { setLanguage } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { storage } from '../lib/storage.ts';
import { setupMswServer } from '../test/msw.ts';
import { ok, renderApp } from '../test/render.tsx';

const server = setupMswServer();

// what the server answered for a seeded trip in transit (trimmed to the schema)
const TRIP = {
  trip: {
    tripId: 'TRP-DEMO004',
    demandId: 'DEM-TRIPDEMO004',
    state: 'IN_TRANSIT',
    originCity: 'Nagpur',
    destinationCity: 'Hyderabad',
    vehicleId: 'VEH-OP1001-13',
    vehicleNumber: 'RJ14MW5437',
    driverName: 'Kuldeep Jat',
    driverNumber: '9001103333',
    consignerName: 'Hindustan Cement Works',
    agreedPriceInPaisa: 6100000,
    tokenAmountInPaisa: 310000,
    createdAt: '2026-11-19T23:54:42.656Z',
    updatedAt: '2026-11-21T04:54:42.656Z',
    remarks: null,
    slot: { loading: null, unloading: null },
    invoice: null,
    charges: [
      {
        tripExpenseId: 'TEX-DEMO004',
        type: 'DETENTION',
        amountInPaisa: 300000,
        approvedAmountInPaisa: null,
        status: 'CLAIMED',
        description: 'Truck held 2 days at the loading plant',
        documentKeys: [],
        decisionReason: null,
        createdAt: '2026-11-21T05:54:39.383Z',
      },
    ],
    delayReasons: [],
    loadingPoints: [
      {
        name: 'Hindustan Cement Works, Nagpur plant',
        address: 'Industrial Area, Nagpur',
        lat: 21.175800000000002,
        lng: 79.0682,
        contactName: 'Vikram Rathore',
        contactPhone: 'XXXXXX0101',
      },
    ],
    unloadingPoints: [
      {
        name: 'Hyderabad distribution centre',
        address: 'Transport Nagar, Hyderabad',
        lat: 17.365000000000002,
        lng: 78.5167,
        contactName: 'Depot in-charge',
        contactPhone: 'XXXXXX0204',
      },
    ],
    vehicleType: '22 Tyre Trailer',
    cancelReason: null,
    podRejectReason: null,
  },
  timeline: [
    { state: 'ASSIGNED', label: 'Vehicle assigned', done: true, current: false, at: '2026-11-19T23:54:42.656Z' },
    { state: 'REACHED_LOADING', label: 'Reached loading point', done: true, current: false, at: '2026-11-20T05:54:42.656Z' },
    { state: 'LOADED', label: 'Loaded', done: true, current: false, at: '2026-11-20T11:54:42.656Z' },
    { state: 'IN_TRANSIT', label: 'In transit', done: true, current: true, at: '2026-11-20T17:54:42.656Z' },
    { state: 'REACHED_UNLOADING', label: 'Reached unloading point', done: false, current: false, at: null },
    { state: 'UNLOADED', label: 'Unloaded', done: false, current: false, at: null },
    { state: 'POD_SUBMITTED', label: 'POD submitted', done: false, current: false, at: null },
    { state: 'POD_VERIFIED', label: 'POD verified', done: false, current: false, at: null },
    { state: 'COMPLETED', label: 'Completed', done: false, current: false, at: null },
  ],
  widget: {
    tripId: 'TRP-DEMO004',
    state: 'IN_TRANSIT',
    heading: 'In transit',
    description: 'The truck is on the way. Mark when it reaches the unloading point.',
    nextAction: { toState: 'REACHED_UNLOADING', label: 'Reached unloading point', requiresOtp: false, otpStage: null },
    redirectUrl: null,
  },
  actions: {
    canCancel: false,
    canReplaceVehicle: false,
    canUploadPod: false,
    canClaimCharges: true,
    canUploadInvoice: true,
    canTrack: true,
  },
};
const MONEY = {
  tripId: 'TRP-DEMO004',
  agreedPriceInPaisa: 6100000,
  tokenInPaisa: 310000,
  tokenHeldInPaisa: 310000,
  advanceInPaisa: 4053000,
  advancePaid: true,
  approvedChargesInPaisa: 0,
  deductionsInPaisa: 0,
  balanceInPaisa: 1737000,
  balancePaid: false,
  totalPayableInPaisa: 6100000,
  paidInPaisa: 4053000,
  transactions: [
    { kind: 'TOKEN', label: 'Token paid by you', amountInPaisa: 310000, status: 'HELD', at: null, entryId: null },
    {
      kind: 'ADVANCE',
      label: 'Advance',
      amountInPaisa: 4053000,
      status: 'PAID',
      at: '2026-11-21T05:54:39.383Z',
      entryId: 'JE-D72D0VDXS75JPJ',
    },
    { kind: 'CHARGE', label: 'DETENTION charges', amountInPaisa: 300000, status: 'CLAIMED', at: '2026-11-21T05:54:39.383Z', entryId: null },
    { kind: 'BALANCE', label: 'Balance', amountInPaisa: 1737000, status: 'DUE', at: null, entryId: null },
  ],
};
const EXPENSES = {
  tripId: 'TRP-DEMO004',
  expenses: [
    {
      tripExpenseId: 'TEX-DEMO004',
      type: 'DETENTION',
      amountInPaisa: 300000,
      approvedAmountInPaisa: null,
      status: 'CLAIMED',
      description: 'Truck held 2 days at the loading plant',
      documentKeys: [],
      decisionReason: null,
      createdAt: '2026-11-21T05:54:39.383Z',
    },
  ],
  summary: { claimedInPaisa: 300000, approvedInPaisa: 0, paidInPaisa: 0, rejectedInPaisa: 0 },
};

const notFound = (message: string) => HttpResponse.json({ success: false, message, errorCode: 'NOT_FOUND' }, { status: 404 });

describe('trip details', () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    server.use(
      mswHttp.get('*/api/odin/operator-app/trip-transactions', () => HttpResponse.json(ok(MONEY))),
      mswHttp.get('*/api/odin/operator-app/trip-expenses', () => HttpResponse.json(ok(EXPENSES))),
      mswHttp.get('*/api/rest/tesseract/v2/trip/:id/driver-link', () => HttpResponse.json(ok({ link: null }))),
    );
  });

  it('shows a not-found state on the map when tracking answers 404, and the rest of the trip', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v2/trip/TRP-DEMO004', () => HttpResponse.json(ok(TRIP))),
      mswHttp.get('*/api/rest/tesseract/v2/trip/TRP-DEMO004/tracking', () => notFound('No position yet')),
    );
    // the router hands the tracking card in (features never import features); this test does the same
    renderApp(<TripDetailsPage version={2} Tracking={TripTrackingCard} />, {
      route: '/web-view/marketplace/trips/details/v2/TRP-DEMO004',
      path: paths.tripDetailsV2,
    });
    expect(await screen.findByText('Nagpur → Hyderabad')).toBeInTheDocument();
    expect(await screen.findByText('No location yet')).toBeInTheDocument();
    expect(screen.queryByTestId('trip-map')).not.toBeInTheDocument();
    // a 404 is an answer, not a failure: the page stays (no jump to active loads)
    expect(screen.getByTestId('location')).toHaveTextContent('/web-view/marketplace/trips/details/v2/TRP-DEMO004');
    expect(await screen.findByText('Reached unloading point')).toBeInTheDocument();
    expect(await screen.findByText('₹40,530 / ₹61,000')).toBeInTheDocument();
  });

  it("someone else's trip (404) shows a not-found state with a way back, not a retry", async () => {
    server.use(mswHttp.get('*/api/rest/tesseract/v2/trip/TRP-OTHER', () => notFound('Trip not found')));
    renderApp(<TripDetailsPage version={2} Tracking={TripTrackingCard} />, {
      route: '/web-view/marketplace/trips/details/v2/TRP-OTHER',
      path: paths.tripDetailsV2,
    });
    expect(await screen.findByText(/This trip was not found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my trips' })).toHaveAttribute('href', paths.myTrips);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
