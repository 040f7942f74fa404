import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DriverPage } from './driver-page.tsx';

const server = setupMswServer();
const TOKEN = 'AbCdEfGhIjKlMnOpQrSt.0123456789ab';

const trip = (state = 'ASSIGNED', next: object | null = { action: 'REACHED_LOADING', needsCode: false, point: 'LOADING' }) => ({
  tripId: 'TRP1',
  state,
  vehicleNumber: 'RJ14GA1234',
  driverName: 'Ramesh',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  points: [
    {
      kind: 'LOADING',
      name: 'Cement Works',
      address: 'VKI, Jaipur',
      lat: 26.9124,
      lng: 75.7873,
      contactName: 'Vikram',
      contactPhone: '9876500001',
    },
    {
      kind: 'UNLOADING',
      name: 'Okhla Depot',
      address: 'Okhla, Delhi',
      lat: 28.5355,
      lng: 77.291,
      contactName: 'Sanjay',
      contactPhone: '9876500002',
    },
  ],
  next,
  podOpen: false,
  delayReasons: [{ code: 'TRAFFIC', label: 'Traffic jam', labelHi: 'ट्रैफिक जाम' }],
  locationSharing: false,
  expiresAt: null,
});

type Sent = { path: string; body: Record<string, unknown> };
let sent: Sent[] = [];
let reachable = true;
let current = trip();

function handlers() {
  server.use(
    mswHttp.get('*/api/driver/:token/trip', () => HttpResponse.json(ok(current))),
    mswHttp.post('*/api/driver/:token/:kind', async ({ request, params }) => {
      if (!reachable) return HttpResponse.error();
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: String(params.kind), body });
      if (params.kind === 'stage' && body.action === 'REACHED_LOADING')
        current = trip('REACHED_LOADING', { action: 'VERIFY_LOADING_CODE', needsCode: true, point: 'LOADING' });
      return HttpResponse.json(ok({ actionId: body.actionId, replayed: false, state: current.state, outcome: 'DONE' }));
    }),
  );
}

const open = () => renderApp(<DriverPage />, { route: `/d/${TOKEN}`, path: '/d/:token' });

describe("the driver's page", () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    sent = [];
    reachable = true;
    current = trip();
    handlers();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('shows the points with tap-to-call and navigate, and the next stage as one big action', async () => {
    const { user } = open();
    const action = await screen.findByRole('button', { name: 'I reached the loading point' });
    expect(action.style.height || getComputedStyle(action).height).toMatch(/56|calc/);
    const call = screen.getByRole('link', { name: 'Call Vikram' });
    expect(call).toHaveAttribute('href', 'tel:9876500001');
    expect(screen.getAllByRole('link', { name: 'Navigate' })[0]).toHaveAttribute(
      'href',
      expect.stringContaining('destination=26.9124,75.7873'),
    );

    await user.click(action);
    await waitFor(() => expect(sent.map((s) => [s.path, s.body.action])).toEqual([['stage', 'REACHED_LOADING']]));
    expect(sent[0]!.body.actionId).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(Date.parse(String(sent[0]!.body.happenedAt))).not.toBeNaN();
    // the next step asks for the point contact's code
    expect(await screen.findByRole('button', { name: 'Confirm loading code' })).toBeInTheDocument();
  });

  it('keeps actions taken without signal and sends them in order, with their own times, when the signal returns', async () => {
    const { user } = open();
    await screen.findByRole('button', { name: 'I reached the loading point' });
    reachable = false;
    await user.click(screen.getByRole('button', { name: 'I reached the loading point' }));
    await user.click(screen.getByRole('button', { name: 'Report delay' }));
    expect(await screen.findByText(/2 actions waiting to be sent/)).toBeInTheDocument();
    const queued = JSON.parse(window.localStorage.getItem(`bhada-driver-outbox:${TOKEN.slice(0, 12)}`) ?? '[]') as Array<{
      body: { happenedAt: string };
    }>;
    expect(queued).toHaveLength(2);

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['stage', 'delay']));
    expect(sent.map((s) => s.body.happenedAt)).toEqual(queued.map((q) => q.body.happenedAt));
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
  });

  it('shares location in batches with a visible state and a stop button', async () => {
    let report: ((p: GeolocationPosition) => void) | undefined;
    const clearWatch = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        watchPosition: (success: (p: GeolocationPosition) => void) => {
          report = success;
          return 7;
        },
        clearWatch,
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Share my location' }));
    expect(screen.getByText('Location shared')).toBeInTheDocument();
    report?.({ coords: { latitude: 26.95, longitude: 75.9, speed: 10, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition);
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['location', 'positions']));
    expect(sent[1]!.body.positions).toEqual([expect.objectContaining({ lat: 26.95, lng: 75.9, speedKmph: 36 })]);

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(clearWatch).toHaveBeenCalledWith(7);
    expect(screen.getByText('Location not shared')).toBeInTheDocument();
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ path: 'location', body: { sharing: false } }));
  });

  it('says clearly that a switched-off link no longer works', async () => {
    server.use(
      mswHttp.get('*/api/driver/:token/trip', () =>
        HttpResponse.json({ success: false, errorCode: 'DRIVER_LINK_REVOKED', message: 'revoked' }, { status: 410 }),
      ),
    );
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was switched off by your operator');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('speaks Hindi to a Hindi phone', async () => {
    await setLanguage('hi');
    open();
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('button', { name: 'मैं लोडिंग पॉइंट पहुंच गया' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'मेरी लोकेशन भेजें' })).toBeInTheDocument();
  });
});
