import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

/**
 * Issue 6, "the consigner's trip payment": the demo consigner opens Trips, pays part of a trip's
 * balance through the sandbox by UPI (declined, then Retry to success) and sees the balance drop by
 * exactly that amount (ADR 055).
 */

const CONSIGNER = '9000000101';
const PART = 1000;

type Balance = { tripId: string; paidInPaisa: number; balanceInPaisa: number };

async function balances(page: Page): Promise<Balance[]> {
  const res = await page.request.get('/api/consigner/balance/trip', { headers: { token: (await tokenOf(page)) ?? '' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { balances: Balance[] } }).data.balances;
}

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(n);
/** checkout amounts always carry their paise (₹1,000.00) */
const rupeesExact = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(n);

test('a consigner pays part of a trip by UPI: declined, Retry, success; the balance drops by exactly that', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page, CONSIGNER);
  await page.getByRole('link', { name: 'Trips' }).first().click();
  await expect(page).toHaveURL(/\/portal\/consigner\/trips$/);
  await expect(page.getByTestId('total-due')).toBeVisible();

  const card = page
    .locator('[data-testid^="trip-"]')
    .filter({ has: page.getByRole('link', { name: 'Pay' }) })
    .first();
  const tripId = ((await card.getAttribute('data-testid')) ?? '').replace(/^trip-/, '');
  const before = (await balances(page)).find((b) => b.tripId === tripId) as Balance;
  expect(before.balanceInPaisa).toBeGreaterThan(PART * 100);

  await card.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/consigner/trips/${tripId}/pay$`));
  await expect(page.getByTestId('trip-due')).toHaveText(rupeesExact(before.balanceInPaisa / 100));
  await page.getByLabel('Amount to pay (₹)').fill(String(PART));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/portal\/payment$/);
  await expect(page.getByRole('heading', { name: 'Pay for Trip', level: 3 })).toBeVisible();

  await page.getByRole('button', { name: 'UPI', exact: true }).click();
  await page.getByLabel('UPI ID').fill('failure@okaxis');
  await page.getByRole('button', { name: `Pay ${rupees(PART)}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' }).last()).toBeVisible({ timeout: 15_000 });
  expect((await balances(page)).find((b) => b.tripId === tripId)).toMatchObject({ balanceInPaisa: before.balanceInPaisa });

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for Trip', level: 3 })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(rupeesExact(PART));
  // Retry opens the method that was tried, UPI, with its field ready
  await page.getByLabel('UPI ID').fill('vikram@oksbi');
  await page.getByRole('button', { name: `Pay ${rupees(PART)}` }).click();
  await page.getByRole('button', { name: 'Success' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' }).last()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('result-amount')).toHaveText(rupeesExact(PART));

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/portal\/consigner\/trips$/);
  const after = (await balances(page)).find((b) => b.tripId === tripId) as Balance;
  expect(after.paidInPaisa).toBe(before.paidInPaisa + PART * 100);
  expect(after.balanceInPaisa).toBe(before.balanceInPaisa - PART * 100);
  await expect(page.getByTestId(`trip-${tripId}`)).toContainText(rupees(after.balanceInPaisa / 100));
  expect(errors).toEqual([]);
});
