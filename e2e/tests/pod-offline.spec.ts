import { expect, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

/**
 * Issue 16 point 10: a POD photo taken while the connection is down is kept on the phone and uploaded
 * once the network is back, and it arrives once. On operator 9000000002's seeded unloaded trip, which
 * no other journey uses.
 */
const OPERATOR = '9000000002';
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(200_000, 7)]);

test('a POD photo taken offline uploads when the network returns, once', async ({ page, context }) => {
  test.setTimeout(120_000);
  await login(page, OPERATOR);
  const token = (await tokenOf(page)) ?? '';
  const trips = (await (await page.request.get('/api/rest/tesseract/v1/trip?filter=ALL&pageSize=50', { headers: { token } })).json()).data
    .trips as Array<{ tripId: string; state: string }>;
  const trip = trips.find((t) => t.state === 'UNLOADED');
  expect(trip, 'operator 2 has a seeded unloaded trip').toBeTruthy();
  const tripId = (trip as { tripId: string }).tripId;
  await page.goto(`/web-view/marketplace/trips/details/v2/${tripId}`);
  // the first page after the server starts can be slow on a busy machine
  await expect(page.getByTestId('pod-input')).toBeAttached({ timeout: 30_000 });

  // ---- the connection drops; the photo is taken anyway and kept on the phone
  await context.setOffline(true);
  await page.getByTestId('pod-input').setInputFiles([{ name: 'pod-offline.jpg', mimeType: 'image/jpeg', buffer: jpeg() }]);
  await expect(page.getByText('1 photo is saved on this phone and will upload when the network is back.')).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(0);

  // ---- the network is back: it uploads by itself, with its progress, and is submitted once
  await context.setOffline(false);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: /pod-offline\.jpg/ })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: 'Submit 1 photo' }).click();
  await expect(page.getByText('POD uploaded successfully')).toBeVisible();
  const pods = (await (await page.request.get(`/api/odin/operator-app/trip-pod-details?tripId=${tripId}`, { headers: { token } })).json())
    .data.pods as unknown[];
  expect(pods).toHaveLength(1);
});
