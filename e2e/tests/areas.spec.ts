import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/**
 * Opens a page from the side menu (starting at home each time: the app's web views open without the
 * portal's menu) and checks it shows its own heading and data, with no error.
 */
async function visit(page: Page, menuItem: string, heading: string, content?: RegExp) {
  await page.goto('/portal/home');
  await page.getByRole('navigation').getByText(menuItem, { exact: true }).click();
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  if (content) await expect(page.getByText(content).first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test.describe('the fleet, account, support and operations areas from the menu', () => {
  test('an operator walks its fleet, account and support pages', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '9000000001');
    await visit(page, 'Documents', 'Documents', /RJ\s?\d{2}/);
    await visit(page, 'Drivers', 'Drivers');
    await visit(page, 'Devices', 'Devices');
    await visit(page, 'Places', 'Places');
    await visit(page, 'Settings', 'Settings');
    await visit(page, 'Help and tickets', 'Help and tickets');
    await visit(page, 'Rate cards', 'Rate cards');
    await visit(page, 'Refer and earn', 'Refer and earn');
    await visit(page, 'My profile', 'My profile', /Shree Balaji Roadlines/);
    expect(errors).toEqual([]);
  });

  test('a consigner sees its vehicles and reports; an admin its workflow and desks', async ({ page, browser }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '9000000101');
    await visit(page, 'Vehicles', 'Vehicles');
    await visit(page, 'Reports', 'Reports');
    expect(errors).toEqual([]);

    const admin = await (await browser.newContext()).newPage();
    admin.on('pageerror', (e) => errors.push(e.message));
    await login(admin, '9000000900');
    await visit(admin, 'Consignments', 'Consignments');
    await visit(admin, 'Workflow', 'Workflow');
    await visit(admin, 'Support desk', 'Support desk');
    await visit(admin, 'Fleet review', 'Fleet review');
    expect(errors).toEqual([]);
  });

  test('the policies open without logging in', async ({ page }) => {
    await page.goto('/public/policies');
    await expect(page.getByRole('heading', { name: 'All policies', level: 2 })).toBeVisible();
    await page.getByRole('link', { name: /Token refund policy/ }).click();
    // a public page also names itself in a level-one heading for screen readers: the page's own is the last
    await expect(page.getByRole('heading', { name: 'Token refund policy' }).last()).toBeVisible();
  });
});
