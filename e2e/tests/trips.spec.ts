import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support';

/**
 * Issue 4 acceptance: from a confirmed token (seeded trip TRP-DEMO001, ASSIGNED, of operator
 * 9000000001) the operator reaches loading, enters the OTP sent to the consigner's contact, loads,
 * travels (simulated positions move the marker), unloads with an OTP, uploads two POD photos with
 * visible progress, submits; the admin verifies the POD; the trip completes and its money adds up.
 */
const TRIP = 'TRP-DEMO001';
const OPERATOR = '9000000001';
const ADMIN = '9000000900';

/** A small JPEG-looking file: the server checks the first bytes, not the picture. */
const jpeg = (seed: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(300_000, seed)]);

/** The stage code the notifier "sent" to the contact whose masked number the OTP dialog shows. */
async function stageCodeFor(page: Page, masked: string): Promise<string> {
  const last4 = masked.slice(-4);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/outbox.json');
      const messages = (await res.json()).data as Array<{ to: string; kind: string; text: string }>;
      code = messages.find((m) => m.kind === 'TRIP_STAGE_OTP' && m.to.endsWith(last4))?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

async function enterStageOtp(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  const sentTo = await dialog.getByText(/Code sent to/).textContent();
  const masked = sentTo?.match(/X+\d{4}/)?.[0];
  expect(masked, 'the operator sees the contact masked').toBeTruthy();
  const code = await stageCodeFor(page, masked as string);
  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP verified')).toBeVisible();
  await expect(dialog).toBeHidden();
}

// the trip's state badge: the page's own first badge (the portal's side menu has badges of its own)
const badge = (page: Page) => page.getByRole('main').locator('.mantine-Badge-label').first();
/** The truck is the 9-px circle on the map; its SVG path moves with each position. */
const truckMarker = (page: Page) => page.locator('[data-testid="trip-map"] path.leaflet-interactive[d*="a9,9"]');

test('an operator runs a trip from assignment to completion and the admin verifies the POD', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const started = Date.now();
  await login(page, OPERATOR);
  const token = await tokenOf(page);
  const tick = () => page.request.post('/api/dev/tracking/tick', { headers: { token: token as string } });

  await page.goto(`/web-view/marketplace/trips/details/v2/${TRIP}`);
  await expect(badge(page)).toHaveText('Vehicle assigned');

  // ASSIGNED → REACHED_LOADING: the simulated truck reports from the loading point, so the check passes
  expect((await tick()).ok()).toBe(true);
  await page.getByRole('button', { name: 'Reached loading point' }).click();
  await expect(badge(page)).toHaveText('At loading point');

  // REACHED_LOADING → LOADED: the consigner's loading contact gives the code
  await enterStageOtp(page, 'Enter loading OTP');
  await expect(page).toHaveURL(new RegExp(`/web-view/marketplace/trips/details/v2/${TRIP}$`));
  await expect(badge(page)).toHaveText('Loaded');
  await expect(page.locator('[data-kind="ADVANCE"]')).toContainText('paid');

  // LOADED → IN_TRANSIT, then the simulator drives the truck and the marker moves without a reload
  await page.getByRole('button', { name: 'Start trip' }).click();
  await expect(badge(page)).toHaveText('In transit');
  expect((await tick()).ok()).toBe(true);
  await page.reload();
  await expect(truckMarker(page)).toHaveCount(1);
  const before = await truckMarker(page).getAttribute('d');
  // the simulator moves the truck by the time that passed: tick until the marker has moved
  await expect
    .poll(
      async () => {
        expect((await tick()).ok()).toBe(true);
        return truckMarker(page).getAttribute('d');
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .not.toBe(before);

  // IN_TRANSIT → REACHED_UNLOADING: the truck is still far from the point, so the operator overrides with a reason
  await page.getByRole('button', { name: 'Reached unloading point' }).click();
  const override = page.getByRole('dialog');
  await expect(override.getByText(/km from the unloading point/)).toBeVisible();
  await override.getByLabel('Reason').first().click();
  await page.getByRole('option', { name: 'GPS shows the wrong place' }).click();
  await override.getByRole('button', { name: 'Mark reached' }).click();
  await expect(badge(page)).toHaveText('At unloading point');
  await enterStageOtp(page, 'Enter unloading OTP');
  await expect(badge(page)).toHaveText('Unloaded');

  // two POD photos, each with its own progress bar that ends as "Uploaded"
  await page.getByTestId('pod-input').setInputFiles([
    { name: 'pod-page-1.jpg', mimeType: 'image/jpeg', buffer: jpeg(1) },
    { name: 'pod-page-2.jpg', mimeType: 'image/jpeg', buffer: jpeg(2) },
  ]);
  await expect(page.getByRole('progressbar', { name: /pod-page-1\.jpg/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /pod-page-2\.jpg/ })).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('progressbar', { name: /pod-page-2\.jpg/ })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: 'Submit 2 photos' }).click();
  await expect(page.getByText('POD uploaded successfully')).toBeVisible();
  await expect(badge(page)).toHaveText('POD submitted', { timeout: 10_000 });

  // the admin verifies the POD from the review queue
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  await admin.goto('/portal/admin/pods');
  const card = admin.locator('.mantine-Card-root', { hasText: TRIP });
  await expect(card.getByRole('link', { name: 'pod-page-1.jpg' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'pod-page-2.jpg' })).toBeVisible();
  await card.getByRole('button', { name: 'Verify and pay balance' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Yes, verify and pay' }).click();
  await expect(admin.getByText('POD verified', { exact: false }).first()).toBeVisible();
  await expect(admin.locator('.mantine-Card-root', { hasText: TRIP })).toHaveCount(0);
  await adminContext.close();

  // the trip completes; what reached the operator equals what the trip pays
  await page.reload();
  await expect(badge(page)).toHaveText('Completed');
  const money = await (
    await page.request.get(`/api/odin/operator-app/trip-transactions?tripId=${TRIP}`, { headers: { token: token as string } })
  ).json();
  const m = money.data as {
    agreedPriceInPaisa: number;
    tokenInPaisa: number;
    tokenHeldInPaisa: number;
    paidInPaisa: number;
    totalPayableInPaisa: number;
    approvedChargesInPaisa: number;
    deductionsInPaisa: number;
    transactions: Array<{ kind: string; amountInPaisa: number; status: string }>;
  };
  const paid = (kind: string) =>
    m.transactions.filter((x) => x.kind === kind && x.status === 'PAID').reduce((s, x) => s + x.amountInPaisa, 0);
  expect(m.tokenHeldInPaisa).toBe(0);
  expect(paid('ADVANCE') + paid('BALANCE') + paid('TOKEN_RELEASE')).toBe(
    m.agreedPriceInPaisa + m.approvedChargesInPaisa - m.deductionsInPaisa,
  );
  expect(m.paidInPaisa).toBe(m.totalPayableInPaisa);
  await expect(page.getByTestId('trip-money-received')).toContainText(
    `${formatRupees(m.paidInPaisa)} / ${formatRupees(m.totalPayableInPaisa)}`,
  );
  console.log(`trips journey took ${Math.round((Date.now() - started) / 1000)} s`);
});

/** ₹ with Indian grouping, whole rupees (what the money card shows for these amounts). */
function formatRupees(paisa: number) {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(paisa / 100)}`;
}
