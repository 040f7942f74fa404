import { expect, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

test.describe('support: survey, referral, training', () => {
  test('the operator answers the feedback survey once', async ({ page }) => {
    await login(page, '9000000002');
    await page.goto('/web-view/tickets');
    // the tickets page links the survey, and so may the menu's feedback widget: either opens it
    await page.getByRole('link', { name: 'Give feedback' }).first().click();
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
    await expect(page.getByRole('heading', { name: 'Refer and earn' }).last()).toBeVisible();
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
    // the public page names itself for screen readers too (a hidden level-one heading): its own heading is the last
    await expect(friend.getByRole('heading', { name: 'Join Bhada' }).last()).toBeVisible();
    const phone = `98${String(Date.now()).slice(-8)}`;
    const name = `Verma Carriers ${phone.slice(-4)}`;
    await friend.getByLabel('Your name').fill(name);
    await friend.getByLabel('Mobile number').fill(phone);
    await friend.getByLabel('City').fill('Kota');
    await friend.getByLabel('Number of trucks').fill('6');
    await friend.getByRole('button', { name: 'Join' }).click();
    // the number is taken only with the code sent to it (ADR 302)
    await expect(friend.getByText(`We sent a 6-digit code to ${phone}. Enter it to join.`)).toBeVisible();
    let sent: string | undefined;
    await expect
      .poll(async () => {
        const res = await friend.request.get('/api/dev/outbox.json');
        const messages = (await res.json()).data as Array<{ to: string; kind: string; text: string }>;
        sent = messages.find((m) => m.kind === 'REFERRAL_CODE' && m.to.endsWith(phone))?.text.match(/\b(\d{6})\b/)?.[1];
        return sent;
      })
      .toBeTruthy();
    await friend.getByRole('textbox', { name: 'Code from SMS' }).first().click();
    await friend.keyboard.type(sent as string);
    await friend.getByRole('button', { name: 'Confirm and join' }).click();
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
    await expect(page.getByRole('heading', { name: 'Training' }).last()).toBeVisible();
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

  test('a disputed toll is answered live by support and credited back to the tag', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    await login(page, '9000000003');
    const token = (await tokenOf(page)) ?? '';
    const tagOf = async (vehicle: string) => {
      const answer = await page.request.get(`/api/fastag/vehicleWiseTagAmount?searchText=${vehicle}&pageNo=0`, { headers: { token } });
      expect(answer.ok()).toBe(true);
      const list = (await answer.json()).data.list as Array<{ vehicleId: string; vehicleNumber: string }>;
      return list.find((r) => r.vehicleNumber === vehicle);
    };

    // ---- the operator disputes a toll from the vehicle's transactions
    await page.goto('/portal/fastag');
    const table = page.getByRole('table', { name: 'Vehicles with Fastag' });
    const firstRow = table.getByRole('row').nth(1);
    const vehicle = ((await firstRow.getByRole('cell').first().locator('p').first().textContent()) ?? '').trim();
    expect(vehicle).toMatch(/^[A-Z]{2}\d{2}[A-Z]{1,3}\d{3,4}$/);
    const started = Date.now() - 5_000;
    const vehicleId = (await tagOf(vehicle))?.vehicleId as string;
    await firstRow.getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/portal\/fastag\/details/);
    const txns = page.getByRole('table', { name: 'Fastag transactions' });
    const disputeButton = txns.getByRole('button', { name: 'Dispute' }).first();
    await expect(disputeButton).toBeVisible({ timeout: 20_000 });
    const disputed = page.waitForResponse((r) => /\/api\/fastag\/transactions\/[^/]+\/dispute$/.test(new URL(r.url()).pathname));
    await disputeButton.click();
    const answer = await disputed;
    expect(answer.ok()).toBe(true);
    const ticketId = (await answer.json()).data.ticketId as string;
    const txnId = decodeURIComponent(new URL(answer.url()).pathname.split('/').at(-2) as string);
    await expect(page.getByText('Dispute raised. Our team will get back to you.')).toBeVisible();
    const opened = (await (await page.request.get(`/api/rest/tesseract/v1/ticket/${ticketId}`, { headers: { token } })).json()).data as {
      subject: string;
      details: { txnId: string; amountPaisa: number };
    };
    const toll = opened.subject;
    expect(opened.details.txnId).toBe(txnId);

    // ---- the operator keeps the ticket's thread open
    await page.goto(`/app/caraxes/marketplace/tickets/chat?ticketId=${ticketId}`);
    const thread = page.getByRole('log', { name: 'Messages' });
    await expect(page.getByText(toll).first()).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    // ---- support takes the ticket, replies, and the reply reaches the open thread without a reload
    const admin = await (await browser.newContext({ baseURL })).newPage();
    await login(admin, '9000000900');
    await admin.goto('/portal/admin/support');
    await admin
      .getByRole('row')
      .filter({ hasText: toll })
      .filter({ hasText: /^.*0 h.*$/ })
      .first()
      .click();
    await expect(admin.getByText(ticketId, { exact: false }).first()).toBeVisible();
    await admin.getByRole('button', { name: 'Take this ticket' }).click();
    const reply = `We are checking this toll with the plaza (${ticketId}).`;
    await admin.getByLabel('Your message').fill(reply);
    await admin.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByText(reply)).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // ---- resolved in the operator's favour: the toll comes back to the tag, once
    await admin.getByRole('combobox', { name: 'Outcome' }).click();
    await admin.getByRole('option', { name: 'Resolved in your favour' }).click();
    await expect(admin.getByText('The toll amount will be credited back to the tag once.')).toBeVisible();
    await admin.getByLabel('Note to the operator').fill('The plaza charged twice; the toll is credited back.');
    await admin.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.getByText(/^Toll credited back to the tag/)).toBeVisible();
    await admin.context().close();

    const resolved = await page.request.get(`/api/rest/tesseract/v1/ticket/${ticketId}`, { headers: { token } });
    expect((await resolved.json()).data.status).toBe('RESOLVED');
    // the tag's transactions hold one reversal of exactly the disputed toll (the toll simulator may debit
    // the same tag meanwhile, so the balance alone would not prove it)
    const list = (
      (await (await page.request.get(`/api/fastag/transactions/v3/${vehicleId}?pageSize=100`, { headers: { token } })).json()).data as {
        list: Array<{ kind: string; amount: number; time: string }>;
      }
    ).list;
    const reversals = list.filter((r) => r.kind === 'TOLL_REVERSAL' && Date.parse(r.time) >= started);
    expect(reversals.map((r) => Math.round(r.amount * 100))).toEqual([opened.details.amountPaisa]);
  });
});
