import { expect, test } from '@playwright/test';
import { login, loginThroughUi, tokenOf } from './support.ts';

test.describe('foundation: log in, the shell, users and roles', () => {
  test('the operator logs in from a private page and sees the operator menu and their name', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/portal/ums');
    await expect(page).toHaveURL(/\/operatorlogin/);
    await expect(page.getByText('Demo accounts: use code 123456')).toBeVisible();
    await loginThroughUi(page, '9000000001', '/portal/ums');
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Rajesh Kumar')).toBeVisible();
    for (const item of [
      'Fastag',
      'GPS Dashboard',
      'Devices',
      'Drivers',
      'Documents',
      'Places',
      'UMS',
      'My profile',
      'Settings',
      'Help and tickets',
      'Rate cards',
      'Your rating',
      'Refer and earn',
      'Log Out',
    ]) {
      await expect(nav.getByText(item, { exact: true })).toBeVisible();
    }
    await page.goto('/portal/ums');
    await expect(page.getByRole('cell', { name: 'Mahesh Sharma', exact: true }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the consigner sees the consigner menu', async ({ page }) => {
    await login(page, '9000000101');
    await expect(page).toHaveURL(/\/portal\/consigner\/vehicles/);
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Vikram Rathore')).toBeVisible();
    for (const item of ['Vehicles', 'Trips', 'Reports']) await expect(nav.getByText(item, { exact: true })).toBeVisible();
    await expect(nav.getByText('UMS', { exact: true })).toHaveCount(0);
  });

  test('a revoked session sends the browser to /operatorlogin on its next call', async ({ page }) => {
    await login(page, '9000000001');
    await page.goto('/portal/ums');
    await expect(page.getByRole('cell', { name: 'Mahesh Sharma', exact: true }).first()).toBeVisible();
    const token = await tokenOf(page);
    expect(token).toBeTruthy();
    const revoked = await page.request.post('/api/auth/logout', { headers: { token: token ?? '' } });
    expect(revoked.ok()).toBe(true);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect(page).toHaveURL(/\/operatorlogin/);
    expect(await tokenOf(page)).toBeNull();
  });

  test('switching to Hindi changes the shell texts', async ({ page }) => {
    await login(page, '9000000002');
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Log Out', { exact: true })).toBeVisible();
    await page.getByText('हिंदी', { exact: true }).first().click();
    await expect(nav.getByText('लॉग आउट', { exact: true })).toBeVisible();
    await page.getByText('English', { exact: true }).first().click();
    await expect(nav.getByText('Log Out', { exact: true })).toBeVisible();
  });

  test('the owner adds a sub-user and removes it; the subordinate cannot manage users', async ({ page, browser }) => {
    await login(page, '9000000001');
    await page.goto('/portal/ums/add-user');
    await page.getByLabel('Name').fill('Farhan Qureshi');
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Dispatcher' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('User added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/ums$/);
    await expect(page.getByRole('cell', { name: 'Farhan Qureshi', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Remove Farhan Qureshi' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('User deleted successfully.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Farhan Qureshi', exact: true })).toHaveCount(0);

    const other = await browser.newPage();
    await login(other, '9000000011');
    await other.goto('/portal/ums');
    await expect(other.getByText('Your role does not allow this')).toBeVisible();
    await other.close();
  });

  test('the login page works at phone width', async ({ browser }) => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await loginThroughUi(phone, '9000000003');
    await expect(phone.getByRole('button', { name: 'Open menu' })).toBeVisible();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await phone.close();
  });
});
