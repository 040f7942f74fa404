import { expect, type Page } from '@playwright/test';

/**
 * Logs in through the real login page with the demo code (accepted outside production).
 * Each use asks the server to send a code, and a phone may ask only 3 times in 15 minutes, so the
 * journeys that are not about logging in use `login` below instead.
 */
export async function loginThroughUi(page: Page, phone: string, startAt = '/operatorlogin') {
  await page.goto(startAt);
  await page.waitForURL('**/operatorlogin**');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('6-digit code')).toBeVisible();
  // the code field submits itself once all six digits are in
  await page.keyboard.type('123456');
  await page.waitForURL((url) => !url.pathname.startsWith('/operatorlogin'));
}

/**
 * Opens a session with the demo code through the API and hands it to the browser the way the login
 * page does (the same stored values), then opens `startAt` or the user's home.
 */
export async function login(page: Page, phone: string, startAt = '/operatorlogin') {
  const res = await page.request.post('/api/auth/verify', { data: { phone, otp: '123456' } });
  expect(res.ok(), `demo login for ${phone}`).toBe(true);
  const session = (await res.json()).data as {
    accessToken: string;
    userCode: string;
    operatorId: string | null;
    name: string;
    locale: string;
    menuType: string;
  };
  await page.goto('/operatorlogin');
  await page.evaluate((s) => {
    window.localStorage.setItem('accessToken', s.accessToken);
    window.localStorage.setItem('userCode', s.userCode);
    if (s.operatorId) window.localStorage.setItem('operatorId', s.operatorId);
    window.localStorage.setItem('name', s.name);
    window.localStorage.setItem('locale', s.locale);
    window.localStorage.setItem('menuType', s.menuType);
  }, session);
  const home = session.menuType === 'CONSIGNER' ? '/portal/consigner/vehicles' : '/portal/home';
  await page.goto(startAt.startsWith('/operatorlogin') ? home : startAt);
  await page.waitForURL((url) => !url.pathname.startsWith('/operatorlogin'));
}

export const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));
