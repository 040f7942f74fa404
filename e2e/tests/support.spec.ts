import { expect, test } from '@playwright/test';
import { login } from './support.ts';

test.describe('support: tickets with the desk, survey, referral, training', () => {
  test('a toll dispute is answered live by the desk and resolved with the credit on the tag', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '9000000001');

    // --- the operator disputes a toll from the Fastag details page ---------------------------------
    await page.goto('/portal/fastag');
    const vehicles = page.getByRole('table', { name: 'Vehicles with Fastag' });
    await expect(vehicles).toBeVisible();
    await vehicles.getByRole('row').nth(1).getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/portal\/fastag\/details/);
    const detailsUrl = page.url();
    const txns = page.getByRole('table', { name: 'Fastag transactions' });
    const disputeButton = txns.getByRole('button', { name: 'Dispute' }).first();
    await expect(disputeButton).toBeVisible();
    const tollRow = txns.getByRole('row').filter({ has: disputeButton });
    const tollTxnId = ((await tollRow.first().getByRole('cell').nth(1).locator('p').first().textContent()) ?? '').trim();
    expect(tollTxnId).not.toBe('');
    const [disputeResponse] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/dispute') && r.request().method() === 'POST'),
      disputeButton.click(),
    ]);
    expect(disputeResponse.ok()).toBe(true);
    const ticketId = ((await disputeResponse.json()) as { data: { ticketId: string } }).data.ticketId;
    await expect(page.getByText('Dispute raised. Our team will get back to you.')).toBeVisible();
    // the toll row now counts its open ticket
    await expect(txns.getByRole('row').filter({ hasText: tollTxnId }).getByText('1 open ticket')).toBeVisible();

    // --- the operator opens the thread from Help and tickets -----------------------------------------
    await page.goto('/web-view/tickets');
    const ticketCard = page.getByRole('link').filter({ hasText: ticketId });
    const subject = ((await ticketCard.locator('p').first().textContent()) ?? '').trim();
    expect(subject).toMatch(/^Toll dispute: /);
    await ticketCard.click();
    await expect(page).toHaveURL(new RegExp(`ticketId=${ticketId}`));
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    // --- the desk picks it up and replies --------------------------------------------------------------
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    admin.on('pageerror', (e) => errors.push(e.message));
    await login(admin, '9000000900');
    await admin.goto('/portal/admin/support');
    await expect(admin.getByRole('heading', { name: 'Support desk' })).toBeVisible();
    // the queue is oldest first: the new dispute is the last row with its subject
    await admin.getByRole('row').filter({ hasText: subject }).last().click();
    await expect(admin.getByText(ticketId)).toBeVisible();
    const reply = `We are checking this toll (${Date.now()}).`;
    await admin.getByLabel('Your message').fill(reply);
    await admin.getByRole('button', { name: 'Send' }).click();
    await expect(admin.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();

    // the operator's open thread shows the reply without a reload
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();

    // --- the desk resolves it in the operator's favour: the toll goes back on the tag -----------------
    await admin.getByLabel('Outcome', { exact: true }).click();
    await admin.getByRole('option', { name: 'Resolved in your favour' }).click();
    await expect(admin.getByText('The toll amount will be credited back to the tag once.')).toBeVisible();
    await admin.getByLabel('Note to the operator').fill('The plaza charged twice; the toll is credited back.');
    await admin.getByRole('button', { name: 'Resolve' }).click();
    const credited = admin.getByText(/Toll credited back to the tag \(/);
    await expect(credited).toBeVisible();
    const creditTxnId = ((await credited.textContent()) ?? '').match(/\(([^)]+)\)/)?.[1] ?? '';
    expect(creditTxnId).not.toBe('');

    // the operator sees the outcome live, and the credit on the tag's transactions
    await expect(page.getByText('Resolved in your favour')).toBeVisible();
    await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
    await page.goto(detailsUrl);
    await expect(txns.getByRole('row').filter({ hasText: creditTxnId })).toBeVisible();
    await expect(txns.getByRole('row').filter({ hasText: tollTxnId }).getByText('1 open ticket')).toHaveCount(0);

    await adminContext.close();
    expect(errors).toEqual([]);
  });

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

    // the referrer's list shows the new referral as joined
    await page.reload();
    const card = page.locator('.mantine-Card-root').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Joined')).toBeVisible();
    await expect(card.getByText(/6 trucks/)).toBeVisible();
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
