import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import { hasPdftotext, NEEDS_PDFTOTEXT, pdftotext } from '../../../../test/pdftotext.ts';
import { checkLedger } from '../../money/ledger/ledger.service.ts';
import { createConsignment, docket, rows, useOperationsApp } from './operations.test-support.ts';

const ctx = useOperationsApp();

describe('docket', () => {
  it('saves a docket with invoices, refuses a bad e-way bill, and deletes an invoice', async () => {
    const { t, h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null });
    const bad = await h.as(admin).operations.saveDocket(docket(c.cCode, { ewayBillNumber: '12345' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'ewayBillNumber', message: 'Enter a valid 12-digit e-way bill number' });
    expect((await h.as(admin).operations.docket(c.cCode)).body.data.docket).toBeNull();

    const saved = await h.as(admin).operations.saveDocket(docket(c.cCode));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Docket updated successfully');
    expect(saved.body.data.docket).toMatchObject({ ewayBillNumber: '331012345678' });
    expect(saved.body.data.totalInvoiceValueInPaisa).toBe(25_000_000);
    const invoiceId = saved.body.data.invoices[0]!.invoiceId;

    const pdf = await t.app.inject({ method: 'GET', url: `/api/consignment/docket-pdf?cCode=${c.cCode}`, headers: { token: admin } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain('LORRYRECEIPT');

    const del = await h.as(admin).operations.deleteInvoice(invoiceId);
    expect(del.body.message).toBe('Invoice deleted successfully');
    const after = await h.as(admin).operations.docket(c.cCode);
    expect(after.body.data.invoices).toEqual([]);
    const gone = await h.as(admin).operations.deleteDocket(c.cCode);
    expect(gone.body.message).toBe('Docket deleted successfully');
  });

  it.skipIf(!hasPdftotext)(`prints the docket in the reader's language and flags an expired e-way bill${NEEDS_PDFTOTEXT}`, async () => {
    const { t, h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null });
    const saved = await h.as(admin).operations.saveDocket(docket(c.cCode, { ewayBillValidUntil: '2026-01-02T18:00:00+05:30' }));
    expect(saved.status).toBe(200);
    const get = (locale: string) =>
      t.app.inject({ method: 'GET', url: `/api/consignment/docket-pdf?cCode=${c.cCode}`, headers: { token: admin, locale } });
    const hi = pdftotext((await get('hi')).rawPayload);
    expect(hi).toContain('लॉरी रसीद');
    expect(hi).toContain('ट्रांसपोर्टर');
    expect(hi).toContain('ई-वे बिल की अवधि समाप्त');
    expect(hi).not.toMatch(/Transporter|Consignee|Freight/);
    const en = pdftotext((await get('en')).rawPayload);
    expect(en).toContain('E-WAY BILL EXPIRED');

    const fresh = await createConsignment(ctx, { tripId: null });
    await h.as(admin).operations.saveDocket(docket(fresh.cCode, { ewayBillValidUntil: '2036-01-02T18:00:00+05:30' }));
    const valid = await t.app.inject({ method: 'GET', url: `/api/consignment/docket-pdf?cCode=${fresh.cCode}`, headers: { token: admin } });
    expect(pdftotext(valid.rawPayload)).not.toContain('EXPIRED');
  });

  it('attaches an invoice PDF through the signed upload, and refuses a file that is not what its name says', async () => {
    const { t, h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null });
    const upload = async (fileName: string, bytes: Buffer, type: string) => {
      const issued = await h.as(admin).operations.invoiceUploadUrl({ cCode: c.cCode, fileName });
      expect(issued.status).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: issued.body.data.uploadUrl, payload: bytes, headers: { 'content-type': type } });
      expect(put.statusCode).toBeLessThan(300);
      return issued.body.data.fileKey as string;
    };
    const pdfKey = await upload('invoice.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]), 'application/pdf');
    const ok1 = await h.as(admin).operations.saveDocket(
      docket(c.cCode, {
        invoices: [{ invoiceNumber: 'GST/9', invoiceDate: '2026-11-19', valueInPaisa: 1_000_000, fileKey: pdfKey }],
      }),
    );
    expect(ok1.status).toBe(200);
    expect(ok1.body.data.invoices[0]).toMatchObject({ hasFile: true });
    expect(ok1.body.data.invoices[0]?.viewUrl).toBeTruthy();

    const fakeKey = await upload('photo.jpg', Buffer.from('<html>not a photo</html>'), 'image/jpeg');
    const bad = await h.as(admin).operations.saveDocket(
      docket(c.cCode, {
        invoices: [{ invoiceNumber: 'GST/10', invoiceDate: '2026-11-19', valueInPaisa: 1_000, fileKey: fakeKey }],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('FILE_REJECTED');
    const after = await h.as(admin).operations.docket(c.cCode);
    expect(after.body.data.invoices.map((i) => i.invoiceNumber)).toEqual(['GST/9']);
  });

  it('refuses a docket edit after the action window, with a clear message, and changes nothing', async () => {
    const { h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null });
    await h.as(admin).operations.saveDocket(docket(c.cCode));
    const reached = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const unloaded = new Date(Date.now() - 25 * 3_600_000).toISOString();
    expect((await h.as(admin).operations.driverUpdate({ cCode: c.cCode, status: 'REACHED', time: reached })).status).toBe(200);
    const u = await h.as(admin).operations.driverUpdate({ cCode: c.cCode, status: 'UNLOADED', time: unloaded, remarks: 'Two bags torn' });
    expect(u.status).toBe(200);
    expect(u.body.data.status).toBe('DELIVERED');

    const window = await h.as(admin).operations.actionWindow(c.cCode);
    expect(window.body.data.allowed).toBe(false);
    const before = await h.as(admin).operations.docket(c.cCode);
    const late = await h.as(admin).operations.saveDocket(docket(c.cCode, { docketNumber: 'LR-LATE' }));
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe('ACTION_WINDOW_CLOSED');
    expect(late.body.message).toMatch(/^The time to change this consignment ended on /);
    const after = await h.as(admin).operations.docket(c.cCode);
    expect(after.body.data.docket).toEqual(before.body.data.docket);
  });
});

describe('collections', () => {
  it('two concurrent identical collections with one key make one ledger entry, and the ledger checks clean', async () => {
    const { t, h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null, freightInPaisa: 1_000_000 });
    const send = () =>
      h
        .as(admin)
        .operations.collect(
          { code: c.cCode, type: 'TO_PAY', mode: 'UPI', amountInPaisa: 250_050, reference: 'UPI123456', status: 'COLLECTED' },
          'same-key-1',
        );
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.message).toBe('Collection updated successfully');
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data).toMatchObject({ collectedInPaisa: 250_050, balanceInPaisa: 749_950 });
    const entries = await rows(
      t,
      `select count(*)::int as n from journal_entries where reference_type = 'COLLECTION' and memo like '%${c.cCode}%'`,
    );
    expect(entries).toEqual([{ n: 1 }]);
    const balance = await rows(t, `select balance from ledger_accounts where id = 'CONSIGNMENT_COLLECTIONS:${c.cId}'`);
    expect(Number(balance[0]?.balance)).toBe(250_050);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('holds a pending cheque, refuses more than the balance, and posts the cheque when it clears', async () => {
    const { h, admin } = ctx;
    const c = await createConsignment(ctx, { tripId: null, freightInPaisa: 500_000 });
    const post = (key: string, payload: Record<string, unknown>) => h.as(admin).operations.collect({ code: c.cCode, ...payload }, key);
    const pending = await post('p1', {
      type: 'TO_PAY',
      mode: 'CHEQUE',
      amountInPaisa: 400_000,
      reference: 'CHQ 001122',
      status: 'PENDING',
    });
    expect(pending.body.data).toMatchObject({ pendingInPaisa: 400_000, collectedInPaisa: 0 });
    const over = await post('p2', { type: 'TO_PAY', mode: 'CASH', amountInPaisa: 100_001, status: 'COLLECTED' });
    expect(over.status).toBe(400);
    expect(over.body.field).toBe('amountInPaisa');
    const noRef = await post('p3', { type: 'TO_PAY', mode: 'UPI', amountInPaisa: 100, status: 'COLLECTED' });
    expect(noRef.status).toBe(400);
    const id = pending.body.data.collections[0]!.collectionId;
    const cleared = await post('p4', {
      collectionId: id,
      type: 'TO_PAY',
      mode: 'CHEQUE',
      amountInPaisa: 400_000,
      reference: 'CHQ 001122',
      status: 'COLLECTED',
    });
    expect(cleared.body.data).toMatchObject({ pendingInPaisa: 0, collectedInPaisa: 400_000, balanceInPaisa: 100_000 });
    expect(cleared.body.data.collections[0]?.entryId).toMatch(/^JE/);
    const noKey = await h
      .as(admin)
      .operations.collect({ code: c.cCode, type: 'DETENTION', mode: 'CASH', amountInPaisa: 100, status: 'COLLECTED' });
    expect(noKey.status).toBe(400);
  });
});
