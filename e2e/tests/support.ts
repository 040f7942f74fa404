import { expect, type Page } from '@playwright/test';

/** Logs in through the real login page with the demo code (accepted outside production). */
export async function login(page: Page, phone: string, startAt = '/operatorlogin') {
  await page.goto(startAt);
  await page.waitForURL('**/operatorlogin**');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('6-digit code')).toBeVisible();
  // the code field submits itself once all six digits are in
  await page.keyboard.type('123456');
  await page.waitForURL((url) => !url.pathname.startsWith('/operatorlogin'));
}

export const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));
