import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support';

/**
 * Issue 16 point 1: the trip and token screens for calls the server already served. On a load of its
 * own (posted here by the demo consigner and won by operator 9000000003, whom no other journey bids
 * with), the operator books a loading slot, reports a delay with a new time from the picker, sees the
 * refund a cancel would give and cancels the paid token; the token comes back to the wallet in full. The
 * bilti is viewed on the operator's seeded running trip, which this journey only reads.
 */
const OPERATOR = '9000000003';
const CONSIGNER = '9000000101';
const TOKEN_RUPEES = 1500;

const api = async (page: Page) => ({ token: (await tokenOf(page)) ?? '' });

async function call(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const { token } = await api(page);
  const res = await page.request.fetch(url, { method, headers: { token }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()).data;
}

test('an operator books a slot, reports a delay, views the bilti and cancels a token seeing its refund', async ({ browser }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const [consigner, page] = await Promise.all([browser.newPage(), browser.newPage()]);
  await login(consigner, CONSIGNER);
  await login(page, OPERATOR);

  // ---- setup through the API: a load loading in 3 days, bidding closing in just over 2 minutes
  const now = Date.now();
  const point = (name: string, lat: number, lng: number) => ({
    name,
    address: `${name}, trip actions journey`,
    lat,
    lng,
    contactName: 'Gate office',
    contactPhone: '9876512345',
  });
  const { demandId } = await call(consigner, 'POST', '/api/rest/tesseract/v1/demand', {
    origin: { city: 'Nagpur', lat: 21.1458, lng: 79.0882 },
    destination: { city: 'Hyderabad', lat: 17.385, lng: 78.4867 },
    loadingPoints: [point('Butibori MIDC Shed 7', 21.0, 79.0)],
    unloadingPoints: [point('Medchal Warehouse 3', 17.63, 78.48)],
    vehicleType: '32 FT MXL Container',
    bodyType: 'CONTAINER',
    tyreCount: 14,
    tonnage: 20,
    lengthFeet: 32,
    material: 'Soybean meal',
    loadingAt: new Date(now + 3 * 86_400_000).toISOString(),
    biddingEndsAt: new Date(now + 2 * 60_000 + 15_000).toISOString(),
    tokenAmount: TOKEN_RUPEES,
    targetPrice: 40000,
  });
  await call(page, 'PUT', `/api/rest/tesseract/v1/load/${demandId}/quote`, { value: 39000 });

  // ---- while the auction runs: the bilti of the seeded running trip opens as a real photo
  const trips = await call(page, 'GET', '/api/rest/tesseract/v1/trip?filter=ALL&pageSize=50');
  const running = (trips.trips as Array<{ tripId: string; state: string }>).find((t) => t.state === 'IN_TRANSIT');
  expect(running, 'operator 3 has a seeded trip in transit').toBeTruthy();
  await page.goto(`/web-view/marketplace/trips/details/v2/${running!.tripId}`);
  await page.getByRole('button', { name: 'View bilti' }).click();
  const bilti = page.getByRole('dialog', { name: 'Bilti (lorry receipt)' });
  const photo = bilti.getByRole('img', { name: 'Bilti page 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  await page.keyboard.press('Escape');

  // ---- the award job picks the only quote; the token is paid (vehicle and driver through the API)
  await expect
    .poll(async () => (await call(page, 'GET', `/api/rest/tesseract/v1/load/${demandId}`)).state, { timeout: 200_000, intervals: [5_000] })
    .toBe('WON');
  const vehicles = (await call(page, 'GET', `/api/rest/tesseract/v1/demand/${demandId}/vehicles`)) as Array<{
    vehicleId: string;
    eligible?: boolean;
    busy?: boolean;
  }>;
  const free = vehicles.find((v) => v.eligible !== false && v.busy !== true) ?? vehicles[0]!;
  await call(page, 'POST', `/api/rest/tesseract/v1/token/${demandId}/vehicle-details`, {
    vehicleId: free.vehicleId,
    driverName: 'Prakash Meshram',
    driverNumber: '9822012345',
  });
  await call(page, 'POST', `/api/rest/tesseract/v1/demand/${demandId}/initiate-token`);
  const paid = await call(page, 'POST', `/api/rest/tesseract/v1/token/${demandId}/pay-token`);
  const tripId = paid.tripId as string;

  // ---- book the loading slot on the trip details page
  await page.goto(`/web-view/marketplace/trips/details/v2/${tripId}`);
  await expect(page.getByTestId('slot-loading')).toHaveText('No slot booked yet');
  await page.getByRole('button', { name: 'Book loading slot' }).click();
  const slots = page.getByRole('dialog', { name: 'Book loading slot' });
  const firstFree = slots.getByRole('radio', { disabled: false }).first();
  const chosen = (await firstFree.getAttribute('value')) as string;
  await firstFree.check();
  await slots.getByRole('button', { name: 'Confirm slot' }).click();
  await expect(page.getByText('Slot booked').first()).toBeVisible();
  await expect(page.getByTestId('slot-loading')).not.toHaveText('No slot booked yet');
  const booked = await call(page, 'GET', `/api/rest/tesseract/v2/trip/${tripId}/loading-slot`);
  expect(booked.selected.start).toBe(new Date(chosen).toISOString());

  // ---- report a delay: reason, remarks and a new time through the picker's free-slot choice
  await page.getByRole('button', { name: 'Report a delay' }).click();
  const delay = page.getByRole('dialog', { name: 'Why is the trip delayed?' });
  await expect(delay.getByText('Tell us early')).toBeVisible();
  await delay.getByRole('radio', { name: 'Waiting at loading/unloading point' }).check();
  await delay.getByLabel('Remarks').fill('Plant gate closed for stock count');
  // the chip's input is visually hidden under its label
  await delay.locator('label.mantine-Chip-label').nth(1).click();
  await expect(delay.getByTestId('delay-new-time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await delay.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Remarks updated').first()).toBeVisible();
  await expect(page.getByText(/Remark: Waiting at loading\/unloading point: Plant gate closed for stock count/)).toBeVisible();
  const reported = await call(page, 'GET', `/api/rest/tesseract/v1/trip/${tripId}/delay?type=LOADING`);
  expect(reported.reported).toHaveLength(1);
  expect(reported.reported[0]).toMatchObject({ reasonCode: 'WAITING_AT_POINT', remarks: 'Plant gate closed for stock count' });
  expect(new Date(reported.reported[0].expectedAt).getTime()).toBeGreaterThan(Date.now());

  // ---- share the confirmation: the signed link opens without a login and shows only this load
  await page.goto(`/public/fleet-load-confirmation?demandId=${demandId}`);
  await page.getByRole('button', { name: 'Share this confirmation' }).click();
  const shared = await page.getByTestId('share-link').inputValue();
  expect(new URL(shared).searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  const stranger = await browser.newPage();
  await stranger.goto(shared);
  await expect(stranger.getByRole('heading', { name: 'Trip confirmed' }).last()).toBeVisible();
  await expect(stranger.getByText('Prakash Meshram · 9822012345')).toBeVisible();
  await stranger.goto(shared.replace(demandId, 'DM-NOTTHIS'));
  await expect(stranger.getByText('This link is not valid. Ask the operator for a new one.')).toBeVisible();
  await stranger.close();

  // ---- cancel the paid token on the confirmation page, seeing the refund first
  await page.getByRole('button', { name: 'Cancel token' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this token?' });
  await expect(cancel.getByTestId('token-refund-preview')).toContainText('You will get ₹1,500 back of your ₹1,500 token.');
  await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByTestId('token-cancelled')).toHaveText('Token cancelled. ₹1,500 is back in your wallet.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

  // ---- the token went out of the wallet and came back in full. The toll simulator may auto-recharge this
  // operator's tags meanwhile, so the passbook's movements for this load are compared, not the balance
  const passbook = (await call(page, 'GET', `/api/wallet/transactions?pageSize=100&fromTime=${Math.floor(started / 1000) - 60}`)) as {
    list: Array<{ description: string; amount: number; transactionType: 'DEBIT' | 'CREDIT' }>;
  };
  const forLoad = passbook.list.filter((r) => r.description.includes(demandId));
  const net = forLoad.reduce((sum, r) => sum + (r.transactionType === 'CREDIT' ? r.amount : -r.amount), 0);
  expect(forLoad.map((r) => [r.transactionType, r.amount]).sort()).toEqual([
    ['CREDIT', TOKEN_RUPEES],
    ['DEBIT', TOKEN_RUPEES],
  ]);
  expect(net).toBe(0);
  test.info().annotations.push({ type: 'journey-seconds', description: String(Math.round((Date.now() - started) / 1000)) });
});
