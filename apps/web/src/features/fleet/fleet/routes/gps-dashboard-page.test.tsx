import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import GpsDashboardPage from './gps-dashboard-page.tsx';

// jsdom draws no map: the map's markers are fakes that keep where they are, their colour and size
type FakeMarker = { vehicleId: string; latlng: [number, number]; color: string; radius: number; removed: boolean };
const drawn = vi.hoisted(() => ({ markers: [] as FakeMarker[], click: null as null | ((e: unknown) => void) }));
vi.mock('leaflet', () => {
  const circleMarker = (latlng: [number, number], options: { vehicleId: string; color: string; radius: number }) => {
    const fake: FakeMarker & Record<string, unknown> = {
      vehicleId: options.vehicleId,
      latlng,
      color: options.color,
      radius: options.radius,
      removed: false,
      options,
      setLatLng: (to: [number, number]) => {
        fake.latlng = to;
      },
      setStyle: (style: { color: string }) => {
        fake.color = style.color;
      },
      setRadius: (r: number) => {
        fake.radius = r;
      },
    };
    drawn.markers.push(fake);
    return fake;
  };
  const featureGroup = () => {
    const layers = new Set<FakeMarker>();
    const group = {
      on: (type: string, fn: (e: unknown) => void) => {
        if (type === 'click') drawn.click = fn;
        return group;
      },
      bindTooltip: () => group,
      addTo: () => group,
      addLayer: (m: FakeMarker) => {
        layers.add(m);
        return group;
      },
      removeLayer: (m: FakeMarker) => {
        m.removed = true;
        return group;
      },
      remove: () => {
        for (const m of layers) m.removed = true;
        return group;
      },
    };
    return group;
  };
  const L = { canvas: () => ({}), featureGroup, circleMarker };
  return { default: L, ...L };
});
vi.mock('react-leaflet', () => {
  const map = { fitBounds: () => undefined };
  return {
    MapContainer: ({ children }: { children: ReactNode }) => <div>{children}</div>,
    TileLayer: () => null,
    Polyline: () => null,
    ZoomControl: () => null,
    useMap: () => map,
  };
});

const server = setupMswServer();

type Source = { url: string; listeners: Record<string, (e: { data: string }) => void>; closed: boolean };
let sources: Source[] = [];

const recent = new Date(Date.now() - 60_000).toISOString();
const fleet = {
  operatorId: 'OP-A',
  vehicles: [
    { vehicleId: 'VEH-1', number: 'RJ 14 GA 0001', lat: 26.9, lng: 75.8, speedKmph: 0, recordedAt: recent, state: 'STOPPED', tripId: null },
    { vehicleId: 'VEH-2', number: 'RJ 14 GA 0002', lat: 19.1, lng: 72.9, speedKmph: 40, recordedAt: recent, state: 'MOVING', tripId: null },
  ],
  counts: { MOVING: 1, STOPPED: 1, OFFLINE: 0 },
};

const marker = (vehicleId: string) => drawn.markers.find((m) => m.vehicleId === vehicleId && !m.removed);

describe('GPS Dashboard', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    sources = [];
    drawn.markers = [];
    vi.stubGlobal(
      'EventSource',
      class {
        listeners: Source['listeners'] = {};
        closed = false;
        constructor(public url: string) {
          sources.push(this as unknown as Source);
        }
        addEventListener(type: string, fn: (e: { data: string }) => void) {
          this.listeners[type] = fn;
        }
        close() {
          this.closed = true;
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows the operator's own fleet topic and moves a vehicle when its position is pushed", async () => {
    let reads = 0;
    let askedTopics = '';
    server.use(
      mswHttp.get('*/api/fleet/map', () => {
        reads++;
        return HttpResponse.json(ok(fleet));
      }),
      mswHttp.post('*/api/events/ticket', async ({ request }) => {
        askedTopics = ((await request.json()) as { topics: string }).topics;
        return HttpResponse.json(ok({ ticket: 'tkt', expiresInSeconds: 60 }));
      }),
    );
    renderApp(<GpsDashboardPage />);
    expect(await screen.findByText('Moving 1')).toBeInTheDocument();
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(askedTopics).toBe('fleet:OP-A');
    expect(sources[0]!.url).toBe('/api/events/stream?topics=fleet%3AOP-A&ticket=tkt');
    expect(screen.getByTestId('fleet-live')).toHaveTextContent('Updates every minute');
    act(() => sources[0]!.listeners.ready?.({ data: '{}' }));
    expect(screen.getByTestId('fleet-live')).toHaveTextContent('Live');
    await waitFor(() => expect(drawn.markers).toHaveLength(2));
    expect(marker('VEH-1')).toMatchObject({ latlng: [26.9, 75.8], color: '#f08c00', radius: 6 });
    const vehicle2 = marker('VEH-2');

    // the stopped truck starts moving: its marker moves and turns green, the counts follow
    const at = new Date().toISOString();
    act(() =>
      sources[0]!.listeners.POSITIONS?.({
        data: JSON.stringify({
          topic: 'fleet:OP-A',
          positions: [{ vehicleId: 'VEH-1', lat: 27.01, lng: 75.92, speedKmph: 48, recordedAt: at, tripId: null }],
        }),
      }),
    );
    await waitFor(() => expect(marker('VEH-1')?.latlng).toEqual([27.01, 75.92]));
    expect(marker('VEH-1')?.color).toBe('#2f9e44');
    // the other vehicle's marker is the same one, untouched; no marker was added
    expect(marker('VEH-2')).toBe(vehicle2);
    expect(vehicle2).toMatchObject({ latlng: [19.1, 72.9], color: '#2f9e44' });
    expect(drawn.markers).toHaveLength(2);
    expect(screen.getByText('Moving 2')).toBeInTheDocument();
    expect(screen.getByText('Stopped 0')).toBeInTheDocument();
    // a push is applied in place: the map is not read again
    expect(reads).toBe(1);

    // tapping a marker picks the vehicle: bigger marker, its trip and positions below the map
    server.use(
      mswHttp.get('*/api/fleet/map/:id', ({ params }) =>
        HttpResponse.json(ok({ vehicleId: params.id, number: 'RJ 14 GA 0002', trip: null, positions: [] })),
      ),
    );
    act(() => drawn.click?.({ propagatedFrom: vehicle2 }));
    await waitFor(() => expect(vehicle2?.radius).toBe(9));
    expect(await screen.findByText('Not on a trip')).toBeInTheDocument();
  });

  it('reads the map again when a pushed vehicle is not on it yet', async () => {
    let reads = 0;
    server.use(
      mswHttp.get('*/api/fleet/map', () => {
        reads++;
        return HttpResponse.json(ok(fleet));
      }),
      mswHttp.post('*/api/events/ticket', () => HttpResponse.json(ok({ ticket: 'tkt', expiresInSeconds: 60 }))),
    );
    renderApp(<GpsDashboardPage />);
    await waitFor(() => expect(sources).toHaveLength(1));
    act(() =>
      sources[0]!.listeners.POSITIONS?.({
        data: JSON.stringify({
          topic: 'fleet:OP-A',
          positions: [{ vehicleId: 'VEH-NEW', lat: 22, lng: 77, speedKmph: 10, recordedAt: new Date().toISOString(), tripId: null }],
        }),
      }),
    );
    await waitFor(() => expect(reads).toBe(2));
  });

  it('shows the live state in Hindi', async () => {
    await setLanguage('hi');
    server.use(
      mswHttp.get('*/api/fleet/map', () => HttpResponse.json(ok(fleet))),
      mswHttp.post('*/api/events/ticket', () => HttpResponse.json(ok({ ticket: 'tkt', expiresInSeconds: 60 }))),
    );
    renderApp(<GpsDashboardPage />);
    await waitFor(() => expect(sources).toHaveLength(1));
    act(() => sources[0]!.listeners.ready?.({ data: '{}' }));
    expect(await screen.findByText('लाइव')).toBeInTheDocument();
  });
});
