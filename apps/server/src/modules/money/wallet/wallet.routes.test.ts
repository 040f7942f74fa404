import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { journalEntries, paymentOrders } from '../../../db/schema/index.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import { deliverToll, insertTag, tollEvent } from '../fastag/fastag.test-helpers.ts';
import { signDownloadToken } from './download-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // DROP DATABASE … WITH (FORCE) in the harness can hit pooled connections that are still closing;
  // without a listener that shutdown notice would surface as an uncaught error
  t.database.pool?.on('error', () => {});
  await t.close();
});

const now = () => Math.floor(Date.now() / 1000);

async function fleet() {
  const { operatorId, owner } = await insertOperator(t.db, { name: 'Rajesh Kumar' });
  const vehicle = await insertVehicle(t.db, operatorId);
  const tagId = await insertTag(t.db, operatorId, vehicle.id);
  await fundWallet(t.db, operatorId, 1_000_000);
  await t.call({ method: 'POST', url: '/api/fastag/recharge', token: owner.token, payload: { tagId, amount: 2500 } });
  for (const amount of [41_500, 29_000, 12_500]) await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount })));
  return { operatorId, owner, vehicle, tagId };
}

async function linkFor(token: string, report: string, params: Record<string, string | number>) {
  return t.call({ method: 'POST', url: '/api/reports/download-token', token, payload: { report, params } });
}

async function download(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('wallet balance and passbook', () => {
  it('answers the balance in rupees and in paisa', async () => {
    const { operatorId, owner } = await insertOperator(t.db);
    await fundWallet(t.db, operatorId, 123_456);
    const res = await t.call({ method: 'GET', url: '/api/wallet', token: owner.token });
    expect(res.body.data).toEqual({ balance: 1234.56, balanceInPaisa: 123_456 });
    const pw = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/payment/wallet', token: owner.token });
    expect(pw.body.data).toEqual({ balanceInPaisa: 123_456, active: true });
  });

  it('writes the descriptions and a bank decline in Hindi for a Hindi reader, and keeps English for others (ADR 147)', async () => {
    const { operatorId, owner, vehicle } = await fleet();
    await t.db.insert(paymentOrders).values({
      id: 'ORD-HI-F1',
      purpose: 'WALLET_TOPUP',
      payerType: 'OPERATOR',
      payerId: operatorId,
      userCode: owner.userCode,
      amountPaisa: 500_000,
      status: 'FAILURE',
      statusRemarks: 'Transaction declined by bank',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const url = '/api/wallet/transactions?pageNo=0&pageSize=20';
    const hi = await t.call({ method: 'GET', url, token: owner.token, headers: { locale: 'hi' } });
    const rows = hi.body.data.list as { description: string; status: string; statusRemarks: string | null }[];
    expect(rows.map((r) => r.description)).toContain(`${vehicle.number} का फास्टैग रिचार्ज`);
    expect(rows.find((r) => r.status === 'FAILURE')).toMatchObject({
      description: 'वॉलेट में पैसे जोड़े गए',
      statusRemarks: 'बैंक ने लेन-देन अस्वीकार कर दिया',
    });
    for (const r of rows) expect(r.description).not.toMatch(/\b(for|at|Toll|Money|Fastag)\b/);

    const en = await t.call({ method: 'GET', url, token: owner.token, headers: { locale: 'en' } });
    expect((en.body.data.list as { description: string }[]).map((r) => r.description)).toContain(`Fastag recharge for ${vehicle.number}`);
  });

  it("keeps a new movement's memo as data and renders it from the data, not from its English text (ADR 275)", async () => {
    const { owner, vehicle } = await fleet();
    const [entry] = await t.db
      .select({ memoData: journalEntries.memoData })
      .from(journalEntries)
      .where(eq(journalEntries.memo, `Fastag recharge for ${vehicle.number}`));
    expect(entry?.memoData).toEqual({ kind: 'fastagRecharge', params: { vehicle: vehicle.number } });
    const url = '/api/wallet/transactions?pageNo=0&pageSize=20';
    const hi = await t.call({ method: 'GET', url, token: owner.token, headers: { locale: 'hi' } });
    expect((hi.body.data.list as { description: string }[]).map((r) => r.description)).toContain(`${vehicle.number} का फास्टैग रिचार्ज`);
    const tx = await t.call({
      method: 'GET',
      url: `/api/fastag/transactions/v3/${vehicle.id}?pageNo=0&pageSize=20`,
      token: owner.token,
      headers: { locale: 'hi' },
    });
    expect((tx.body.data.list as { plaza: string | null }[]).map((r) => r.plaza)).toContain('वॉलेट से रिचार्ज');
  });

  it('merges ledger movements with pending and failed top-ups, newest first, with opening and closing balances', async () => {
    const { operatorId, owner, vehicle } = await fleet();
    const older = new Date(Date.now() - 3 * 86_400_000);
    await t.db.insert(paymentOrders).values([
      {
        id: 'ORD-F1',
        purpose: 'WALLET_TOPUP',
        payerType: 'OPERATOR',
        payerId: operatorId,
        userCode: owner.userCode,
        amountPaisa: 500_000,
        status: 'FAILURE',
        statusRemarks: 'Transaction declined by bank',
        createdAt: older,
      },
      {
        id: 'ORD-P1',
        purpose: 'WALLET_TOPUP',
        payerType: 'OPERATOR',
        payerId: operatorId,
        userCode: owner.userCode,
        amountPaisa: 200_000,
        status: 'PENDING',
        statusRemarks: 'Awaiting bank confirmation',
      },
      {
        id: 'ORD-C1',
        purpose: 'WALLET_TOPUP',
        payerType: 'OPERATOR',
        payerId: operatorId,
        userCode: owner.userCode,
        amountPaisa: 100_000,
        status: 'CREATED',
      },
    ]);
    const res = await t.call({ method: 'GET', url: '/api/wallet/transactions?pageNo=0&pageSize=2', token: owner.token });
    expect(res.body.data.totalCount).toBe(4);
    expect(res.body.data.totalPages).toBe(2);
    const [first, second] = res.body.data.list;
    expect(first).toMatchObject({ status: 'PENDING', transactionType: 'CREDIT', amount: 2000, openingBalance: null, closingBalance: null });
    expect(second).toMatchObject({
      status: 'SUCCESS',
      description: `Fastag recharge for ${vehicle.number}`,
      transactionType: 'DEBIT',
      amount: 2500,
      openingBalance: 10_000,
      closingBalance: 7500,
    });
    const page2 = await t.call({ method: 'GET', url: '/api/wallet/transactions?pageNo=1&pageSize=2', token: owner.token });
    expect(page2.body.data.list.map((r: { status: string }) => r.status)).toEqual(['SUCCESS', 'FAILURE']);
    expect(page2.body.data.list[1].statusRemarks).toBe('Transaction declined by bank');

    const recent = await t.call({
      method: 'GET',
      url: `/api/wallet/transactions?fromTime=${now() - 86_400}&toTime=${now()}`,
      token: owner.token,
    });
    expect(recent.body.data.totalCount).toBe(3);
    const bad = await t.call({ method: 'GET', url: `/api/wallet/transactions?fromTime=${now()}&toTime=${now() - 10}`, token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Start Date cannot be greater than End Date');

    const dispatcher = await insertSubordinate(t.db, operatorId, ['FASTAG_VIEW']);
    expect((await t.call({ method: 'GET', url: '/api/wallet/transactions', token: dispatcher.token })).status).toBe(403);
  });
});

describe('statements with download tokens', () => {
  it('streams an xlsx that reads back with the rows, balances and totals', async () => {
    const { owner, vehicle } = await fleet();
    const link = await linkFor(owner.token, 'fastagStatement/v2', {
      vehicleId: vehicle.id,
      fromTime: now() - 86_400,
      toTime: now(),
      reportFormat: 'xlsx',
    });
    expect(link.status).toBe(200);
    expect(link.body.data.url).toMatch(/^\/api\/fastag\/report\/fastagStatement\/v2\?.*dt=/);
    const res = await download(link.body.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1).map(String) : []));
    const text = values.map((r) => r.join('|')).join('\n');
    expect(text).toContain('Rajesh Kumar');
    expect(text).toContain('Opening balance|0');
    expect(text).toContain('Closing balance|1670');
    expect(text).toContain('Total debit|830');
    // Date & Time, Vehicle No., Transaction Id, Transaction, Debit, Credit, Opening, Closing
    const tollRows = values.filter((r) => r[1] === vehicle.number && Number(r[4]) > 0);
    expect(tollRows).toHaveLength(3);
    expect(tollRows.map((r) => Number(r[4]))).toEqual([415, 290, 125]);
  });

  it('streams a pdf with pages, and the all-vehicles and wallet statements', async () => {
    const { owner } = await fleet();
    const pdfLink = await linkFor(owner.token, 'fastagStatement', { fromTime: now() - 86_400, toTime: now(), reportFormat: 'pdf' });
    const pdf = await download(pdfLink.body.data.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);
    // amounts print with the rupee sign, in a face embedded in the file (opens the same in any viewer)
    expect(pdfText(pdf.rawPayload)).toContain('₹');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/FontFile2/);

    const walletLink = await linkFor(owner.token, 'wallet-transactions', { reportFormat: 'xlsx' });
    const xlsx = await download(walletLink.body.data.url);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const text = book.worksheets[0]!.getSheetValues()
      .map((r) => (Array.isArray(r) ? r.slice(1).join('|') : ''))
      .join('\n');
    expect(text).toContain('Wallet Statement');
    expect(text).toContain('Money added to wallet');
    expect(text).toContain('Closing balance|7500');
  });

  it('a link dies when the session it was issued in logs out', async () => {
    const { owner } = await fleet();
    const link = await linkFor(owner.token, 'wallet-transactions', { reportFormat: 'xlsx' });
    expect((await download(link.body.data.url)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token: owner.token })).status).toBe(200);
    expect((await download(link.body.data.url)).statusCode).toBe(403);
  });

  it('applies the date rules when the link is asked for', async () => {
    const { owner } = await fleet();
    const long = await linkFor(owner.token, 'fastagStatement', { fromTime: now() - 15 * 86_400, toTime: now(), reportFormat: 'xlsx' });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Please select a date range of not more than 14 days');
    const reversed = await linkFor(owner.token, 'fastagStatement', { fromTime: now(), toTime: now() - 60, reportFormat: 'xlsx' });
    expect(reversed.body.message).toBe('Start Date cannot be greater than End Date');
  });

  it('refuses expired, forged and foreign links, and another operator’s vehicle', async () => {
    const a = await fleet();
    const b = await fleet();
    const params = { vehicleId: a.vehicle.id, fromTime: now() - 86_400, toTime: now(), reportFormat: 'xlsx' };
    expect((await linkFor(b.owner.token, 'fastagStatement/v2', params)).status).toBe(404);

    const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    const path = '/api/fastag/report/fastagStatement/v2';
    const expired = signDownloadToken(
      t.config.APP_SECRET!,
      { report: 'fastagStatement/v2', userId: a.owner.userId, operatorId: asOperatorId(a.operatorId), expiresAt: now() - 1 },
      params,
    );
    const r1 = await download(`${path}?${query}&dt=${expired.token}`);
    expect(r1.statusCode).toBe(410);

    const forged = signDownloadToken(
      'another-secret-0123456789',
      { report: 'fastagStatement/v2', userId: b.owner.userId, operatorId: asOperatorId(a.operatorId) },
      params,
    );
    expect((await download(`${path}?${query}&dt=${forged.token}`)).statusCode).toBe(403);

    // B's own genuine link, edited to point at A's vehicle
    const own = await linkFor(b.owner.token, 'fastagStatement/v2', { ...params, vehicleId: b.vehicle.id });
    const edited = own.body.data.url.replace(b.vehicle.id, a.vehicle.id);
    expect((await download(edited)).statusCode).toBe(403);
    // a wallet link used on the Fastag report
    const walletLink = await linkFor(b.owner.token, 'wallet-transactions', { reportFormat: 'xlsx' });
    const dt = new URL(walletLink.body.data.url, 'http://x').searchParams.get('dt');
    expect(
      (await download(`${path}?${new URLSearchParams({ ...Object.fromEntries(query), vehicleId: b.vehicle.id })}&dt=${dt}`)).statusCode,
    ).toBe(403);
    // no token at all, or the session token instead of a download token
    expect((await download(`${path}?${query}`)).statusCode).toBe(403);
    expect((await download(`${path}?${query}&token=${a.owner.token}`)).statusCode).toBe(403);
  });
});
