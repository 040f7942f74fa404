import { expect, test } from '@playwright/test';
import { login } from './support.ts';

// issue 16 points 3 and 4: the web views reached on the portal wear the portal shell, and a
// Dispatcher sees only the controls its role allows
test('a web view on the portal has the menu, the title and a back arrow', async ({ page }) => {
  await login(page, '9000000001', '/portal/home');
  await expect(page.getByTestId('home-figures')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'main' });
  await menu.getByRole('link', { name: 'My trips' }).click();
  await page.waitForURL('**/web-view/my-trips');
  await expect(page.getByTestId('shell-title')).toHaveText('My trips');
  await expect(menu.getByRole('link', { name: 'Active loads' })).toBeVisible();
  await menu.getByRole('link', { name: 'Active loads' }).click();
  await page.waitForURL('**/web-view/active-loads');
  await expect(page.getByTestId('shell-title')).toHaveText('Active loads');
  // a load's details: below a menu entry, so the header offers one way back
  await page.locator('a[href*="/web-view/active-loads/details/"]').first().click();
  await page.waitForURL('**/web-view/active-loads/details/**');
  await expect(page.getByRole('navigation', { name: 'main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(1);
  await page.getByTestId('shell-back').click();
  await page.waitForURL('**/web-view/active-loads');
});

test('a Dispatcher sees no Recharge, Add Money or user management', async ({ page }) => {
  await login(page, '9000000011', '/portal/fastag');
  await expect(page.getByTestId('shell-title')).toHaveText('Fastag');
  await expect(page.getByRole('table', { name: 'Vehicles with Fastag' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recharge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Maintain balance' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add Money' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'main' });
  await expect(menu.getByRole('link', { name: 'My trips' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'UMS' })).toHaveCount(0);
});
