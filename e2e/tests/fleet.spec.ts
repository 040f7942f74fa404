import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

/**
 * Issue 12 acceptance: an operator adds a vehicle and uploads its RC (progress shown), the admin verifies
 * it and the operator sees it verified; an operator orders a GPS device, the admin schedules and installs
 * it, the device reports and the vehicle is moving on the GPS Dashboard, which is live on the event
 * stream; an operator adds a driver and picks that driver when confirming a won load with its token.
 */
const OPERATOR = '9000000001';
// a tracker fitted on a vehicle of a seeded trip would replace that trip's simulated positions, which
// the trips journey (operator 9000000001) follows: the tracker goes to another operator's vehicle
const GPS_OPERATOR = '9000000002';
const ADMIN = '9000000900';
const V1 = '/api/rest/tesseract/v1';

const digits = (n: number) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));

/** A number as the server prints it or as typed: the same characters, spaces optional. */
const loose = (n: string) =>
  new RegExp(
    n
      .replace(/\s/g, '')
      .split('')
      .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s*'),
  );

async function openFromMenu(page: Page, item: string, heading: string) {
  await page.goto('/portal/home');
  await page.getByRole('navigation').getByText(item, { exact: true }).click();
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
}

/** A small JPEG-looking file: the server checks the first bytes, not the picture. */
const jpeg = (seed: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(150_000, seed)]);

test.describe('fleet', () => {
  test('an operator adds a vehicle with RC photos, the admin verifies them, the operator sees it verified', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // a number no other run or journey has: RTO and digits drawn afresh, the series kept for this journey
    const typed = `RJ ${10 + Math.floor(Math.random() * 90)} ZE ${digits(4)}`;
    await login(page, OPERATOR);
    await openFromMenu(page, 'Documents', 'Documents');

    // ---- add the vehicle with its lookups
    await page.getByRole('button', { name: 'Add vehicle' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add a vehicle' });
    await form.getByLabel('Vehicle number').fill(typed);
    for (const label of ['Tyres', 'Size', 'Capacity']) {
      await form.getByRole('combobox', { name: label }).click();
      await page.getByRole('option').first().click();
    }
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(page.getByText('Vehicle added. Upload its RC to get it verified.')).toBeVisible();

    await page.getByLabel('Search by vehicle number').fill(typed.replace(/\s/g, ''));
    const card = page.getByTestId('vehicle-card').filter({ hasText: loose(typed) });
    await expect(card).toHaveCount(1);

    // ---- both RC sides through the signed upload, the progress shown while the bytes go up
    await card.getByRole('button', { name: 'Upload RC' }).click();
    const upload = page.getByRole('dialog');
    const files = upload.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'rc-front.jpg', mimeType: 'image/jpeg', buffer: jpeg(1) });
    await files.nth(1).setInputFiles({ name: 'rc-back.jpg', mimeType: 'image/jpeg', buffer: jpeg(2) });
    // each upload is held until the test has seen its progress: the front's bar at the start, then full
    const gates = [0, 1].map(() => {
      let open: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    });
    let puts = 0;
    await page.route(
      (url) => url.pathname.startsWith('/api/files/upload/'),
      async (route) => {
        const gate = route.request().method() === 'PUT' ? gates[puts++] : undefined;
        if (gate) await gate.opened;
        await route.continue();
      },
    );
    await upload.getByRole('button', { name: 'Upload and submit' }).click();
    const front = upload.getByRole('progressbar', { name: 'Uploading RC front' });
    await expect(front).toHaveAttribute('aria-valuenow', '0');
    gates[0]!.open();
    await expect(front).toHaveAttribute('aria-valuenow', '100');
    await expect(front).toBeVisible();
    await expect(upload.getByRole('progressbar', { name: 'Uploading RC back' })).toHaveAttribute('aria-valuenow', '0');
    gates[1]!.open();
    await expect(page.getByText('Documents submitted for verification')).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
    await expect(card.getByText('Under review').first()).toBeVisible();

    // ---- the admin verifies both sides in the review queue
    const admin = await (await browser.newContext()).newPage();
    await login(admin, ADMIN);
    await openFromMenu(admin, 'Fleet review', 'Fleet review');
    for (const side of ['RC front', 'RC back']) {
      const item = admin
        .getByTestId('review-item')
        .filter({ hasText: side })
        .filter({ hasText: loose(typed) });
      await item.getByRole('button', { name: 'Verify' }).click();
      await expect(item).toHaveCount(0);
    }
    await admin.context().close();

    // ---- the operator sees the vehicle verified
    await page.reload();
    await page.getByLabel('Search by vehicle number').fill(typed.replace(/\s/g, ''));
    const verified = page.getByTestId('vehicle-card').filter({ hasText: loose(typed) });
    await expect(verified.getByText('Verified').first()).toBeVisible();
    await expect(verified.getByText('Under review')).toHaveCount(0);
  });

  test('an operator orders a GPS device, the admin installs it, the vehicle moves on the GPS Dashboard', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await login(page, GPS_OPERATOR);
    const token = (await tokenOf(page)) ?? '';
    // a verified vehicle of the fleet with no device and no open order
    const fleet = (await (await page.request.get(`${V1}/operator/vehicles/list`, { headers: { token } })).json()).data as Array<{
      vehicleId: string;
      number: string;
      status: string;
      hasDevice: boolean;
    }>;
    let vehicle: (typeof fleet)[number] | undefined;
    for (const v of fleet.filter((x) => x.status === 'VERIFIED' && !x.hasDevice)) {
      const answer = await page.request.get(`${V1}/vehicle/${v.vehicleId}/gps-eligibility`, { headers: { token } });
      if (answer.ok() && (await answer.json()).data.eligible) {
        vehicle = v;
        break;
      }
    }
    expect(vehicle, 'a vehicle that can get a tracker').toBeTruthy();
    const chosen = vehicle as NonNullable<typeof vehicle>;

    // ---- the operator orders from the Buy GPS web view
    await page.goto('/web-view/buy-gps');
    await expect(page.getByRole('heading', { name: 'Get a GPS tracker' }).last()).toBeVisible();
    await page.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: chosen.number, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Order GPS' })).toBeEnabled();
    await page.getByRole('button', { name: 'Order GPS' }).click();
    await expect(page.getByText('Your order is placed. Our team will call you within 24 hours.')).toBeVisible();

    // ---- the admin schedules the visit and marks the device installed
    const admin = await (await browser.newContext()).newPage();
    await login(admin, ADMIN);
    await openFromMenu(admin, 'Fleet review', 'Fleet review');
    await admin.getByRole('tab', { name: 'GPS orders' }).click();
    const order = admin
      .locator('.mantine-Card-root')
      .filter({ hasText: loose(chosen.number) })
      .filter({ has: admin.getByRole('button', { name: 'Schedule visit' }) });
    await order.getByRole('button', { name: 'Schedule visit' }).click();
    const scheduled = admin
      .locator('.mantine-Card-root')
      .filter({ hasText: loose(chosen.number) })
      .filter({ has: admin.getByRole('button', { name: 'Mark installed' }) });
    await scheduled.getByRole('button', { name: 'Mark installed' }).click();
    await expect(admin.getByText('Device registered. Identifier for the tracker:')).toBeVisible();
    const identifier = ((await admin.locator('pre').first().textContent()) ?? '').trim();
    expect(identifier).not.toBe('');
    await admin.context().close();

    // ---- the fitted tracker reports positions (OsmAnd protocol), driving at speed
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 3; i++) {
      const sent = await page.request.get(
        `/api/tracking/osmand?id=${encodeURIComponent(identifier)}&lat=${26.9 + i * 0.002}&lon=${75.78 + i * 0.002}&timestamp=${now - 20 + i * 10}&speed=30&bearing=45`,
      );
      expect(sent.ok(), `position ${i}`).toBe(true);
    }

    // ---- the GPS Dashboard shows the vehicle moving
    const mapAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/fleet/map' && r.request().method() === 'GET');
    await openFromMenu(page, 'GPS Dashboard', 'GPS Dashboard');
    const map = (await (await mapAnswer).json()).data as { vehicles: Array<{ vehicleId: string; state: string }> };
    expect(map.vehicles.find((v) => v.vehicleId === chosen.vehicleId)?.state).toBe('MOVING');
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    await expect(page.getByText(/^Moving [1-9]\d*$/)).toBeVisible();
    // the dashboard follows the operator's positions on the event stream
    await expect(page.getByTestId('fleet-live')).toHaveText('Live');
  });

  test('an operator adds a driver and picks that driver when confirming a won load', async ({ page }) => {
    const name = `Bhanwar Lal ${digits(3)}`;
    const phone = `98${digits(8)}`;
    await login(page, OPERATOR);
    await openFromMenu(page, 'Drivers', 'Drivers');
    await page.getByRole('button', { name: 'Add driver' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Driver name').fill(name);
    await dialog.getByLabel('Mobile number').fill(phone);
    await dialog.getByLabel('Driving licence number').fill(`RJ14 2019${digits(7)}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Driver saved')).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();

    // ---- a load the operator won (seeded), token not yet paid
    await page.goto('/web-view/active-loads?state=WON');
    await page.getByRole('link', { name: 'Pay token', exact: true }).first().click();
    await page.getByRole('link', { name: /^Pay token ₹/ }).click();
    await expect(page.getByRole('heading', { name: 'Pay token' }).last()).toBeVisible();
    await page
      .getByRole('radio', { name: /^[A-Z]{2}\s?\d{2}\s?[A-Z]{1,3}\s?\d{4} · /, disabled: false })
      .first()
      .check();
    // the driver comes from "My drivers", the list the Drivers page keeps
    await page.getByRole('combobox', { name: 'Choose a driver' }).click();
    await page.getByRole('option', { name: `${name} · ${phone}` }).click();
    await page.getByRole('button', { name: /^Pay ₹[\d,.]+ from wallet$/ }).click();

    await page.waitForURL('**/public/fleet-load-confirmation?demandId=*');
    await expect(page.getByRole('heading', { name: 'Trip confirmed' }).last()).toBeVisible();
    await expect(page.getByText(`${name} · ${phone}`)).toBeVisible();
  });
});
