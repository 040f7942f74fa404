import { expect, test } from '@playwright/test';
import { login } from './support.ts';

test.describe('support: survey, referral, training', () => {
  test('the operator answers the feedback survey once', async ({ page }) => {
    await login(page, '9000000002');
    await page.goto('/web-view/tickets');
    await page.getByRole('link', { name: 'Give feedback' }).click();
    await expect(page).toHaveURL(/\/web-view\/survey/);
    await expect(page.getByText('Tell us about Bhada')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByRole('radio', { name: '4', exact: true }).press('Enter');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Fastag' }).check();
    await page.getByRole('checkbox', { name: 'Wallet' }).check();
    await page.getByRole('textbox', { name: 'What should we improve?' }).fill('More loads from Ludhiana');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    // answered once: coming back shows the thanks, not the form
    await page.reload();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('the operator shares a referral link and a friend joins through it', async ({ page, browser, baseURL }) => {
    await login(page, '9000000001');
    await page.goto('/web-view/referral/earn');
    await expect(page.getByRole('heading', { name: 'Refer and earn' })).toBeVisible();
    const code = ((await page.getByTestId('referral-code').textContent()) ?? '').trim();
    expect(code).not.toBe('');
    const link = ((await page.getByText(`/web-view/referral/join?code=${code}`).textContent()) ?? '').trim();
    // WhatsApp carries the invitation with the link
    const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(href.slice(href.indexOf('text=') + 5))).toContain(link);

    // the friend opens the link without any login
    const friendContext = await browser.newContext({ baseURL });
    const friend = await friendContext.newPage();
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await expect(friend.getByRole('heading', { name: 'Join Bhada' })).toBeVisible();
    const phone = `98${String(Date.now()).slice(-8)}`;
    const name = `Verma Carriers ${phone.slice(-4)}`;
    await friend.getByLabel('Your name').fill(name);
    await friend.getByLabel('Mobile number').fill(phone);
    await friend.getByLabel('City').fill('Kota');
    await friend.getByLabel('Number of trucks').fill('6');
    await friend.getByRole('button', { name: 'Join' }).click();
    await expect(friend.getByText('You have joined')).toBeVisible();
    await friendContext.close();

    // the referrer's list shows the new referral with its state
    await page.reload();
    const card = page.locator('.mantine-Card-root').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText(/Kota · 6 trucks/)).toBeVisible();
    await expect(card.getByText(/^(Joined|Registered)$/)).toBeVisible();
  });

  test('the operator finishes a training module on the rating story', async ({ page }) => {
    await login(page, '9000000003');
    await page.goto('/web-view/rating-story');
    await expect(page.getByRole('heading', { name: 'Training' })).toBeVisible();
    const module = page.locator('.mantine-Card-root').filter({ hasText: 'How your rating is made' });
    await expect(module).toBeVisible();
    await expect(module.getByText('Done')).toHaveCount(0);
    await expect(module.getByText('Load on time')).toBeVisible();
    await module.getByRole('button', { name: 'Next' }).click();
    await expect(module.getByText('Send POD fast')).toBeVisible();
    await module.getByRole('button', { name: 'Next' }).click();
    await expect(module.getByText('Do not cancel')).toBeVisible();
    const [status] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/training/status') && r.request().method() === 'PUT'),
      module.getByRole('button', { name: 'Finish' }).click(),
    ]);
    await expect(module.getByText('Done')).toBeVisible();
    expect(status.ok()).toBe(true);
    // recorded on the server: still done after a reload
    await page.reload();
    await expect(page.locator('.mantine-Card-root').filter({ hasText: 'How your rating is made' }).getByText('Done')).toBeVisible();
  });
});
