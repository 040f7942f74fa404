import { expect, type Page, type Request } from '@playwright/test';
import { login } from './support.ts';

/**
 * Every route of the portal, grouped by who opens it, for the journeys that walk all of them (the
 * Hindi crawl and the accessibility check). Routes with an id take it from the demo data through the
 * API, so a changed seed does not leave a route out silently.
 */
export type Kind = 'public' | 'operator' | 'consigner' | 'admin';
export type Route = { path: string; name?: string; open?: (page: Page) => Promise<void> };

export const PHONES: Record<Exclude<Kind, 'public'>, string> = {
  operator: '9000000001',
  consigner: '9000000101',
  admin: '9000000900',
};

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const res = await page.request.get(path, { headers: { token: token ?? '' } });
  expect(res.ok(), path).toBe(true);
  return (await res.json()).data as T;
}

export async function routesFor(page: Page, kind: Kind): Promise<Route[]> {
  if (kind === 'public') {
    return [
      { path: '/operatorlogin' },
      { path: '/public/policies' },
      { path: '/public/policies/terms' },
      { path: '/web-view/referral/join' },
      { path: '/no-such-page', name: 'not found' },
    ];
  }
  if (kind === 'operator') {
    const { trips } = await api<{ trips: { tripId: string }[] }>(page, '/api/rest/tesseract/v1/trip?pageNo=0&pageSize=5');
    const { loads } = await api<{ loads: { demandId: string }[] }>(page, '/api/rest/tesseract/v1/load?pageNo=0&pageSize=5');
    const trip = trips[0]?.tripId ?? '';
    const load = loads[0]?.demandId ?? '';
    return [
      { path: '/portal/home' },
      { path: '/portal/fastag' },
      {
        path: '/portal/fastag/details',
        name: 'fastag details (first tag)',
        open: async (p) => {
          await p.goto('/portal/fastag');
          await p.getByTestId('fastag-open-details').first().click({ timeout: 20_000 });
          await p.waitForURL('**/portal/fastag/details');
        },
      },
      { path: '/portal/fastag/passbook' },
      { path: '/portal/wallet/add-money' },
      { path: '/portal/ums' },
      { path: '/portal/ums/add-user' },
      { path: '/portal/fleet/gps-dashboard' },
      { path: '/portal/fleet/devices' },
      { path: '/portal/fleet/drivers' },
      { path: '/portal/fleet/documents' },
      { path: '/portal/fleet/reports' },
      { path: '/portal/fleet/maintenance' },
      { path: '/portal/settings' },
      { path: '/portal/places' },
      { path: '/web-view/active-loads' },
      { path: `/web-view/active-loads/details/${load}` },
      { path: `/web-view/active-loads/loadingPoint/${load}` },
      { path: `/web-view/active-loads/token/${load}` },
      { path: '/web-view/my-trips' },
      { path: `/web-view/marketplace/trips/details/${trip}` },
      { path: `/web-view/marketplace/trips/details/v2/${trip}` },
      { path: '/app/caraxes/marketplace/subscription-page' },
      { path: '/web-view/tickets' },
      { path: '/web-view/rating-story' },
      { path: '/web-view/referral/earn' },
      { path: '/web-view/rate-cards' },
      { path: '/web-view/operatorProfile' },
      { path: '/web-view/operator-tds-declaration' },
      { path: '/web-view/buy-gps' },
    ];
  }
  if (kind === 'consigner') {
    const { balances } = await api<{ balances: { tripId: string }[] }>(page, '/api/consigner/balance/trip');
    return [
      { path: '/portal/consigner/vehicles' },
      { path: '/portal/consigner/trips' },
      { path: `/portal/consigner/trips/${balances[0]?.tripId ?? ''}/pay` },
      { path: '/portal/consigner/reports' },
      { path: '/portal/consigner/loads' },
    ];
  }
  const { list } = await api<{ list: { cCode: string }[] }>(page, '/api/admin/consignment/list?pageNo=0&pageSize=2');
  const code = list[0]?.cCode ?? '';
  return [
    { path: '/portal/admin/loads' },
    { path: '/portal/update-consignment' },
    { path: '/portal/workflow' },
    { path: '/portal/workflow/scheduled' },
    { path: `/portal/workflow/docket/${code}` },
    { path: `/portal/workflow/collection/${code}` },
    { path: '/portal/admin/pods' },
    { path: '/portal/admin/fleet' },
    { path: '/portal/admin/support' },
    { path: '/portal/admin/surveys' },
    { path: '/portal/admin/rate-cards' },
  ];
}

/** Logs the kind in (public pages need nobody) with the language chosen only in this browser's storage. */
export async function enter(page: Page, kind: Kind, language: 'en' | 'hi'): Promise<void> {
  if (kind === 'public') await page.goto('/operatorlogin');
  else await login(page, PHONES[kind]);
  // the UI's own switch writes only localStorage; the user's saved language on the server stays as it was
  await page.evaluate((l) => window.localStorage.setItem('locale', l), language);
}

const QUIET_MS = 500;

/** Calls of the page still waiting for an answer; live event streams never end, so they do not count. */
function trackCalls(page: Page) {
  const open = new Set<Request>();
  let lastActivity = Date.now();
  const live = (request: Request) => request.url().includes('/api/events/stream') || request.resourceType() === 'eventsource';
  const start = (request: Request) => {
    if (live(request)) return;
    open.add(request);
    lastActivity = Date.now();
  };
  const end = (request: Request) => {
    if (open.delete(request)) lastActivity = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    /** ms since the last call started or ended, or 0 while one is in flight */
    quietFor: () => (open.size ? 0 : Date.now() - lastActivity),
    stop: () => {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/** Opens a route and waits until its data has arrived: no call in flight or just ended (event streams aside), no spinner. */
export async function openRoute(page: Page, route: Route): Promise<void> {
  const calls = trackCalls(page);
  try {
    if (route.open) await route.open(page);
    else await page.goto(route.path);
    await page.waitForLoadState('load');
    // a loader in a hidden tab (its data asked for when the tab opens) is not waited for
    const loaders = page.locator('.mantine-Loader-root:visible, [data-loading="true"]:visible');
    // settled: no loader, and no call started or ended for QUIET_MS (a screen's second call may start
    // only when its first answer renders, so one quiet instant is not enough)
    await expect
      .poll(async () => (await loaders.count()) === 0 && calls.quietFor() >= QUIET_MS, {
        timeout: 15_000,
        intervals: [100],
        message: 'the page kept loading',
      })
      .toBe(true);
    // fonts and lazy texts settle before anything is read
    await page.evaluate(() => document.fonts.ready);
  } finally {
    calls.stop();
  }
}
