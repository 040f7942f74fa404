import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

/**
 * Membership (ADR 060): an operator who is not a member opens Membership from Home, pays ₹999
 * from the wallet, sees the status screen, and the wallet drops by exactly the plan's price once.
 */

const OPERATOR = '9000000003';

async function walletBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet', { headers: { token: (await tokenOf(page)) ?? '' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

test('an operator buys the membership from the wallet, once', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page, OPERATOR);
  const before = await walletBalance(page);

  await page
    .getByRole('main')
    .getByRole('link', { name: /Membership/ })
    .click();
  await expect(page).toHaveURL(/\/app\/caraxes\/marketplace\/subscription-page/);
  await expect(page.getByText('₹999', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Pay ₹999 from wallet/ }).click();

  await expect(page).toHaveURL(/subscription-status\?screen=SUCCESS/);
  await expect(page.getByRole('heading', { name: 'Payment successful' }).last()).toBeVisible();
  await expect(page.getByTestId('membership-state')).toContainText('Membership active');
  expect(await walletBalance(page)).toBe(before - 999);

  // back on the plan page there is nothing more to pay, and a second visit charges nothing
  await page.goto('/app/caraxes/marketplace/subscription-page');
  await expect(page.getByRole('link', { name: 'View membership status' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay ₹999/ })).toHaveCount(0);
  expect(await walletBalance(page)).toBe(before - 999);
  expect(errors).toEqual([]);
});
