import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

/**
 * Issue 6 acceptance: add ₹500 through the sandbox provider by card, UPI and net banking, and check
 * the result screen, the wallet and the passbook after each (sandbox conventions: ADR 051).
 *
 * The pending payment is settled by the status job when the server runs with a short
 * PAYMENT_CHECK_SCHEDULE_MINUTES (e.g. `PAYMENT_CHECK_SCHEDULE_MINUTES=0.25,0.5,1,2,3,4,5,6`, passed
 * through e2e/playwright.config.ts). With the default schedule (first check after 15 minutes) the
 * journey asks for the same status check through complete-recharge instead, and says so.
 */

const OPERATOR = '9000000001';
const AMOUNT = 500;

type PassbookRow = {
  id: string;
  description: string;
  amount: number;
  transactionType: string;
  status: string;
  closingBalance: number | null;
};

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await tokenOf(page)) ?? '';
  const res = await page.request.get(path, { headers: { token } });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const walletBalance = async (page: Page) => (await api<{ balance: number }>(page, '/api/wallet')).balance;

async function passbook(page: Page): Promise<{ rows: PassbookRow[]; total: number }> {
  const now = Math.floor(Date.now() / 1000);
  const data = await api<{ list: PassbookRow[]; totalCount: number }>(
    page,
    `/api/wallet/transactions?pageNo=0&pageSize=100&fromTime=${now - 86_400}&toTime=${now + 86_400}`,
  );
  return { rows: data.list, total: data.totalCount };
}

/** Rows present now that were not there before, newest first. */
const newRows = (before: PassbookRow[], after: PassbookRow[]) => after.filter((r) => !before.some((b) => b.id === r.id));

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(n);
/** checkout amounts always carry their paise (₹1,000.00) */
const rupeesExact = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(n);

/** From /portal/fastag's Add Money to the checkout of a fresh ₹500 order. */
async function startTopUp(page: Page) {
  await page.goto('/portal/fastag');
  // the page's own Add Money (the side menu has one too)
  await page.getByRole('main').getByRole('link', { name: 'Add Money' }).click();
  await expect(page).toHaveURL(/\/portal\/wallet\/add-money/);
  await page.getByLabel('Amount (₹)').fill(String(AMOUNT));
  await page.getByRole('button', { name: 'Add Money', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/payment$/);
  await expect(page.getByText('100% Safe Payments')).toBeVisible();
}

/** The result screen's order id, from its URL. */
const orderIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

/** Clicks a button on the sandbox bank page and returns the ms until "Payment Successful" shows. */
async function successTiming(page: Page, click: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' }).last()).toBeVisible({ timeout: 15_000 });
  return Date.now() - started;
}

/** The passbook page's own count (its window is the last 30 days, IST). */
async function passbookCount(page: Page): Promise<number> {
  await page.goto('/portal/fastag/passbook');
  const count = page.getByTestId('passbook-count');
  await expect(count).not.toHaveText(/^0 /);
  return Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
}

/** The wallet on /portal/fastag and the passbook page show the new balance and the new rows on top. */
async function expectScreens(page: Page, balance: number, count: number, firstRowText: RegExp[]) {
  await page.goto('/portal/fastag');
  await expect(page.getByTestId('wallet-balance')).toHaveText(rupees(balance));
  await page.goto('/portal/fastag/passbook');
  await expect(page.getByTestId('passbook-count')).toHaveText(`${count.toLocaleString('en-IN')} transactions`);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  for (const [i, text] of firstRowText.entries()) await expect(rows.nth(i)).toContainText(text);
}

test.describe('payments: add money through the sandbox provider', () => {
  test.describe.configure({ mode: 'serial' });

  test('by a new debit card: success, the wallet and the passbook gain exactly one credit', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, OPERATOR);
    const balance = await walletBalance(page);
    const before = await passbook(page);
    const shown = await passbookCount(page);

    await startTopUp(page);
    await page.getByRole('button', { name: 'Debit / Credit Card' }).click();
    await page.getByLabel('Card number').fill('4242424242424242');
    await expect(page.getByText('Debit card', { exact: true })).toBeVisible(); // the BIN lookup answered
    await page.getByLabel('Valid thru (MM/YY)').fill('1230');
    await page.getByLabel('CVV', { exact: true }).fill('123');
    await page.getByLabel('Name on card').fill('Rajesh Kumar');
    // ₹500 + 0.4 % debit-card charge
    await page.getByRole('button', { name: `Pay ${rupees(502)}` }).click();

    await expect(page.getByRole('heading', { name: 'Bank verification' }).last()).toBeVisible();
    await expect(page.getByText('₹502.00')).toBeVisible();
    await page.getByLabel(/One-time password/).fill('123456');
    const ms = await successTiming(page, () => page.getByRole('button', { name: 'Success' }).click());
    console.log(`[timing] card: bank Success → "Payment Successful" ${ms} ms`);
    await expect(page.getByTestId('result-amount')).toHaveText(rupeesExact(AMOUNT));
    const orderId = orderIdOf(page);
    expect(orderId).toMatch(/^BHD/);

    expect(await walletBalance(page)).toBe(balance + AMOUNT);
    const after = await passbook(page);
    expect(after.total).toBe(before.total + 1);
    const added = newRows(before.rows, after.rows);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      description: 'Added money via Debit Card',
      amount: AMOUNT,
      transactionType: 'CREDIT',
      status: 'SUCCESS',
      closingBalance: balance + AMOUNT,
    });

    // Close goes back where Add Money started
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/portal\/fastag$/);
    await expectScreens(page, balance + AMOUNT, shown + 1, [/Added money via Debit Card/]);
    await expect(page.getByRole('row').filter({ hasText: 'Added money via Debit Card' }).first()).toContainText('Deposited');
    expect(errors).toEqual([]);
  });

  test('by UPI: the bank declines, Retry pays the same amount, the passbook shows both', async ({ page }) => {
    await login(page, OPERATOR);
    const balance = await walletBalance(page);
    const before = await passbook(page);
    const shown = await passbookCount(page);

    await startTopUp(page);
    await page.getByRole('button', { name: 'UPI', exact: true }).click();
    await page.getByLabel('UPI ID').fill('failure@okaxis');
    await page.getByRole('button', { name: `Pay ${rupees(AMOUNT)}` }).click();
    // failure@… decides by itself on the approval page
    await expect(page.getByRole('heading', { name: 'Payment Failed' }).last()).toBeVisible({ timeout: 15_000 });
    const failedOrder = orderIdOf(page);
    expect(await walletBalance(page)).toBe(balance);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/portal\/payment$/);
    await expect(page.getByTestId('summary-total')).toHaveText(rupeesExact(AMOUNT));
    // Retry opens the method that was tried, UPI, with its field ready
    await page.getByLabel('UPI ID').fill('rajesh@oksbi');
    await page.getByRole('button', { name: `Pay ${rupees(AMOUNT)}` }).click();
    await expect(page.getByRole('heading', { name: 'Approve the payment in your UPI app' }).last()).toBeVisible();
    const ms = await successTiming(page, () => page.getByRole('button', { name: 'Success' }).click());
    console.log(`[timing] upi: bank Success → "Payment Successful" ${ms} ms`);
    const paidOrder = orderIdOf(page);
    expect(paidOrder).not.toBe(failedOrder);

    expect(await walletBalance(page)).toBe(balance + AMOUNT);
    const after = await passbook(page);
    expect(after.total).toBe(before.total + 2);
    const added = newRows(before.rows, after.rows);
    expect(added).toHaveLength(2);
    expect(added.find((r) => r.id === failedOrder)).toMatchObject({ amount: AMOUNT, status: 'FAILURE', closingBalance: null });
    expect(added.find((r) => r.id !== failedOrder)).toMatchObject({
      description: 'Added money via UPI',
      amount: AMOUNT,
      transactionType: 'CREDIT',
      status: 'SUCCESS',
      closingBalance: balance + AMOUNT,
    });
    await expectScreens(page, balance + AMOUNT, shown + 2, [/Added money via UPI/, /failed/]);
  });

  test('by net banking: pending, then settled without a refresh', async ({ page, context }) => {
    await login(page, OPERATOR);
    const balance = await walletBalance(page);
    const before = await passbook(page);
    const shown = await passbookCount(page);

    await startTopUp(page);
    await page.getByRole('button', { name: 'Netbanking' }).click();
    await page.getByRole('button', { name: 'HDFC Bank' }).click();
    // ₹500 + 1.2 % net-banking charge
    await page.getByRole('button', { name: `Pay ${rupees(506)}` }).click();
    await expect(page.getByRole('heading', { name: 'Bank verification' }).last()).toBeVisible();
    await page.getByRole('button', { name: 'Pending' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Pending' }).last()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('This page will update by itself when your bank confirms.')).toBeVisible();
    const orderId = orderIdOf(page);

    const pending = await passbook(page);
    expect(newRows(before.rows, pending.rows)).toEqual([expect.objectContaining({ id: orderId, status: 'PENDING', amount: AMOUNT })]);
    expect(await walletBalance(page)).toBe(balance);

    // the bank decides later, on the sandbox's page for the order
    const bank = await context.newPage();
    await bank.goto(`/api/sandbox/pg/bank/${encodeURIComponent(orderId)}`);
    await expect(bank.getByRole('heading', { name: 'Payment pending at the bank' }).last()).toBeVisible();
    const resolvedAt = Date.now();
    await bank.getByRole('button', { name: 'Resolve as Success' }).click();
    await expect(bank.getByText('Resolved.')).toBeVisible();
    await bank.close();

    const schedule = (process.env.PAYMENT_CHECK_SCHEDULE_MINUTES ?? '15').split(',').map(Number);
    const jobSoon = schedule.every((m) => m <= 10);
    if (!jobSoon) {
      test.info().annotations.push({
        type: 'note',
        description: 'default status schedule (15 min): the status check was asked for through complete-recharge instead of the job',
      });
      const res = await page.request.post('/api/rest/tesseract/v1/payment/wallet/complete-recharge', {
        headers: { token: (await tokenOf(page)) ?? '' },
        data: { orderId },
      });
      expect(res.ok()).toBe(true);
    }
    // the result screen turns by itself (event stream), no reload
    await expect(page.getByRole('heading', { name: 'Payment Successful' }).last()).toBeVisible({ timeout: 45_000 });
    console.log(
      `[timing] net banking: resolve → "Payment Successful" ${Date.now() - resolvedAt} ms (${jobSoon ? 'status job' : 'complete-recharge'})`,
    );

    expect(await walletBalance(page)).toBe(balance + AMOUNT);
    const after = await passbook(page);
    const added = newRows(before.rows, after.rows);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      description: 'Added money via Net Banking',
      amount: AMOUNT,
      status: 'SUCCESS',
      closingBalance: balance + AMOUNT,
    });
    await expectScreens(page, balance + AMOUNT, shown + 1, [/Added money via Net Banking/]);
  });
});
