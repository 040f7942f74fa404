import { groupIndianDigits } from '@bhada/contracts/money/amounts';
import { type DocketResponse, OPERATIONS_MESSAGES, type saveDocketRequestSchema } from '@bhada/contracts/operations/operations';
import { istDateTimeText } from '@bhada/contracts/time';
import { extensionOf, FILE_KINDS, MAX_FILE_BYTES, UPLOAD_URL_TTL_SECONDS } from '@bhada/contracts/trips/pod';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { loadPdfKit } from '../../../lib/document-libraries.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { SNIFF_BYTES, sniff } from '../../../lib/file-check.ts';
import { newId } from '../../../lib/ids.ts';
import { PDF_FONT, useIndianFonts } from '../../../lib/pdf-fonts.ts';
import { actionWindowOf, assertActionWindow, consignmentOf, consignmentOut, type Staff } from './consignments.service.ts';
import * as repo from './operations.repository.ts';

/** An e-way bill within this many hours of its end shows as expiring. */
const EXPIRING_HOURS = 24;

function ewayBillState(validUntil: Date | null, number: string | null, now: Date) {
  if (!number) return 'NONE' as const;
  if (!validUntil) return 'VALID' as const;
  const left = validUntil.getTime() - now.getTime();
  if (left <= 0) return 'EXPIRED' as const;
  return left <= EXPIRING_HOURS * 3_600_000 ? ('EXPIRING' as const) : ('VALID' as const);
}

export async function getDocket(ctx: ServiceContext, { cCode }: { cCode: string }): Promise<DocketResponse> {
  const row = await consignmentOf(ctx.db, { code: cCode });
  const [docket, invoices, consignment, actionWindow] = await Promise.all([
    repo.findDocket(ctx.db, { consignmentId: row.id }),
    repo.listInvoices(ctx.db, { consignmentId: row.id }),
    consignmentOut(ctx.db, row, { history: false }),
    actionWindowOf(ctx, row),
  ]);
  const { history: _history, ...summary } = consignment;
  return {
    cCode: row.code,
    consignment: summary,
    docket: docket
      ? {
          docketNumber: docket.docketNumber,
          docketDate: docket.docketDate,
          ewayBillNumber: docket.ewayBillNumber,
          ewayBillValidUntil: docket.ewayBillValidUntil?.toISOString() ?? null,
          ewayBillState: ewayBillState(docket.ewayBillValidUntil, docket.ewayBillNumber, ctx.clock.now()),
          remarks: docket.remarks,
          updatedAt: docket.updatedAt.toISOString(),
        }
      : null,
    invoices: await Promise.all(
      invoices.map(async (i) => ({
        invoiceId: i.id,
        invoiceNumber: i.invoiceNumber,
        invoiceDate: i.invoiceDate,
        valueInPaisa: i.valuePaisa,
        hasFile: Boolean(i.fileKey),
        viewUrl: i.fileKey ? await ctx.storage.viewUrl(i.fileKey, 900) : null,
      })),
    ),
    totalInvoiceValueInPaisa: invoices.reduce((s, i) => s + i.valuePaisa, 0),
    actionWindow,
  };
}

/** A signed upload URL for an invoice's photo or PDF; the key is random, the name only gives the type. */
export async function invoiceUploadUrl(ctx: ServiceContext, { cCode, fileName }: { cCode: string; fileName: string }) {
  const row = await consignmentOf(ctx.db, { code: cCode });
  await assertActionWindow(ctx, row);
  const ext = extensionOf(fileName);
  const contentType = FILE_KINDS[ext];
  if (!contentType) throw badRequest('Choose a photo or a PDF', 'fileName');
  const fileKey = `docket/${row.id}/${randomToken(18)}.${ext}`;
  return { uploadUrl: await ctx.storage.uploadUrl(fileKey, contentType, UPLOAD_URL_TTL_SECONDS), fileKey };
}

/** The uploaded file must be this consignment's, present, within the size limit and what its name says. */
async function checkInvoiceFile(ctx: ServiceContext, consignmentId: string, key: string) {
  if (!key.startsWith(`docket/${consignmentId}/`) || key.includes('..'))
    throw new AppError('FILE_NOT_UPLOADED', 'Upload the invoice file again', { field: 'invoices' });
  await ctx.storage.seal(key);
  const size = await ctx.storage.size(key);
  if (!size) throw new AppError('FILE_NOT_UPLOADED', 'Upload the invoice file again', { field: 'invoices' });
  const expected = FILE_KINDS[extensionOf(key)];
  const head = size <= MAX_FILE_BYTES ? await ctx.storage.read(key, SNIFF_BYTES) : null;
  const actual = head ? sniff(head) : null;
  if (!actual || actual !== expected) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw new AppError(
      'FILE_REJECTED',
      size > MAX_FILE_BYTES ? 'The invoice file is too large' : 'The invoice file is not a photo or PDF',
      {
        field: 'invoices',
      },
    );
  }
}

type SaveInput = z.output<typeof saveDocketRequestSchema>;

/** Saves the docket and its invoices (new ones added, listed ones updated) inside the action window. */
export async function saveDocket(ctx: ServiceContext, { staff, input }: { staff: Staff; input: SaveInput }) {
  const found = await consignmentOf(ctx.db, { code: input.cCode });
  await assertActionWindow(ctx, found);
  for (const inv of input.invoices) if (inv.fileKey) await checkInvoiceFile(ctx, found.id, inv.fileKey);
  if (input.ewayBillValidUntil && !input.ewayBillNumber) throw badRequest('Enter the e-way bill number', 'ewayBillNumber');
  await inTransaction(ctx.db, async (tx) => {
    const row = (await repo.lockConsignmentForAdmin(tx, { id: found.id }))!;
    const taken = await repo.findDocketByNumber(tx, { docketNumber: input.docketNumber });
    if (taken && taken.consignmentId !== row.id) throw badRequest(OPERATIONS_MESSAGES.docketNumberTaken, 'docketNumber');
    const before = await repo.findDocket(tx, { consignmentId: row.id });
    await repo.upsertDocket(tx, {
      consignmentId: row.id,
      docketNumber: input.docketNumber,
      docketDate: input.docketDate,
      ewayBillNumber: input.ewayBillNumber ?? null,
      ewayBillValidUntil: input.ewayBillValidUntil ? new Date(input.ewayBillValidUntil) : null,
      remarks: input.remarks ?? null,
      updatedBy: staff.userId,
    });
    for (const inv of input.invoices) {
      const fields = {
        invoiceNumber: inv.invoiceNumber,
        invoiceDate: inv.invoiceDate,
        valuePaisa: inv.valueInPaisa,
        ...(inv.fileKey ? { fileKey: inv.fileKey } : {}),
      };
      if (inv.invoiceId) {
        const existing = await repo.findInvoice(tx, { id: inv.invoiceId });
        if (!existing || existing.consignmentId !== row.id) throw notFound(OPERATIONS_MESSAGES.invoiceNotFound);
        await repo.updateInvoice(tx, { id: existing.id, set: fields });
      } else {
        await repo.insertInvoice(tx, { id: newId('INV'), consignmentId: row.id, ...fields });
      }
    }
    await repo.insertAudit(tx, {
      consignmentId: row.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: before ? 'DOCKET_UPDATED' : 'DOCKET_CREATED',
      before: before ? { docketNumber: before.docketNumber, ewayBillNumber: before.ewayBillNumber } : null,
      after: { docketNumber: input.docketNumber, ewayBillNumber: input.ewayBillNumber ?? null, invoices: input.invoices.length },
    });
  });
  return getDocket(ctx, { cCode: found.code });
}

export async function deleteDocket(ctx: ServiceContext, { staff, cCode }: { staff: Staff; cCode: string }) {
  const row = await consignmentOf(ctx.db, { code: cCode });
  await assertActionWindow(ctx, row);
  const keys = (await repo.listInvoices(ctx.db, { consignmentId: row.id })).flatMap((i) => (i.fileKey ? [i.fileKey] : []));
  const deleted = await inTransaction(ctx.db, async (tx) => {
    const gone = await repo.deleteDocket(tx, { consignmentId: row.id });
    if (gone) {
      await repo.insertAudit(tx, {
        consignmentId: row.id,
        actorId: staff.userId,
        actorName: staff.name,
        action: 'DOCKET_DELETED',
        before: null,
        after: null,
      });
    }
    return gone;
  });
  if (!deleted) throw notFound(OPERATIONS_MESSAGES.docketNotFound);
  for (const key of keys) await ctx.storage.remove(key).catch(() => undefined);
  return { cCode: row.code, deleted: true as const };
}

export async function deleteInvoice(ctx: ServiceContext, { staff, invoiceId }: { staff: Staff; invoiceId: string }) {
  const invoice = await repo.findInvoice(ctx.db, { id: invoiceId });
  if (!invoice) throw notFound(OPERATIONS_MESSAGES.invoiceNotFound);
  const row = await consignmentOf(ctx.db, { id: invoice.consignmentId });
  await assertActionWindow(ctx, row);
  await inTransaction(ctx.db, async (tx) => {
    await repo.deleteInvoice(tx, { id: invoice.id });
    await repo.insertAudit(tx, {
      consignmentId: row.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: 'INVOICE_DELETED',
      before: { invoiceNumber: invoice.invoiceNumber, valuePaisa: invoice.valuePaisa },
      after: null,
    });
  });
  if (invoice.fileKey) await ctx.storage.remove(invoice.fileKey).catch(() => undefined);
  return { invoiceId: invoice.id, deleted: true as const };
}

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rs = (paisa: number) => `₹${INR.format(paisa / 100)}`;

/** The docket's words in each language, keyed by id. */
const DOCKET_WORDS = {
  en: {
    title: 'LORRY RECEIPT / CONSIGNMENT NOTE',
    head: (no: string, date: string, code: string) => `Docket No: ${no}     Date: ${date}     Consignment: ${code}`,
    eway: (no: string, until: string) => `E-way bill: ${no}     Valid until: ${until}`,
    ewayExpired: 'E-WAY BILL EXPIRED: the goods may not move on this bill; generate a new one or extend it.',
    ewayExpiring: 'E-way bill ends within a day: extend it before it expires.',
    transporter: 'Transporter',
    operatorId: 'Operator ID',
    consigner: 'Consigner',
    code: 'Code',
    from: 'From',
    consignee: 'Consignee',
    contact: 'Contact',
    to: 'To',
    goods: 'Goods',
    material: 'Material',
    loadType: 'Load type',
    weight: 'Weight',
    packages: 'Packages',
    invoices: 'Goods invoices',
    declared: 'Total declared value',
    freight: 'Freight',
    remarks: 'Remarks',
    signConsigner: 'Signature of consigner',
    forTransporter: 'For the transporter',
  },
  hi: {
    title: 'लॉरी रसीद / कंसाइनमेंट नोट',
    head: (no: string, date: string, code: string) => `डॉकेट नंबर: ${no}     तारीख: ${date}     कंसाइनमेंट: ${code}`,
    eway: (no: string, until: string) => `ई-वे बिल: ${no}     मान्य: ${until} तक`,
    ewayExpired: 'ई-वे बिल की अवधि समाप्त: इस बिल पर माल नहीं चल सकता; नया बिल बनाएँ या अवधि बढ़ाएँ।',
    ewayExpiring: 'ई-वे बिल एक दिन के भीतर समाप्त होगा: समाप्त होने से पहले अवधि बढ़ाएँ।',
    transporter: 'ट्रांसपोर्टर',
    operatorId: 'ऑपरेटर आईडी',
    consigner: 'कंसाइनर',
    code: 'कोड',
    from: 'कहाँ से',
    consignee: 'कंसाइनी',
    contact: 'संपर्क',
    to: 'कहाँ तक',
    goods: 'माल',
    material: 'सामग्री',
    loadType: 'लोड का प्रकार',
    weight: 'वज़न',
    packages: 'पैकेज',
    invoices: 'माल के इनवॉइस',
    declared: 'कुल घोषित मूल्य',
    freight: 'भाड़ा',
    remarks: 'टिप्पणी',
    signConsigner: 'कंसाइनर के हस्ताक्षर',
    forTransporter: 'ट्रांसपोर्टर की ओर से',
  },
};

/**
 * The printable docket (lorry receipt): consigner, consignee, goods, freight and the operator, in the reader's
 * language; an expired e-way bill is flagged in red under its number, one ending within a day in amber.
 */
export async function docketPdf(
  ctx: ServiceContext,
  { cCode }: { cCode: string },
  lang: 'en' | 'hi' = 'en',
): Promise<{ fileName: string; body: Buffer }> {
  const w = DOCKET_WORDS[lang];
  const d = await getDocket(ctx, { cCode });
  if (!d.docket) throw notFound(OPERATIONS_MESSAGES.docketNotFound);
  const c = d.consignment;
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  useIndianFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font(PDF_FONT.bold).fontSize(16).text(w.title, { align: 'center' });
  doc.font(PDF_FONT.regular).fontSize(10).moveDown(0.5);
  doc.text(w.head(d.docket.docketNumber, d.docket.docketDate, c.cCode));
  if (d.docket.ewayBillNumber) {
    const until = d.docket.ewayBillValidUntil ? istDateTimeText(new Date(d.docket.ewayBillValidUntil), lang) : '-';
    doc.text(w.eway(d.docket.ewayBillNumber, until));
    const state = d.docket.ewayBillState;
    if (state === 'EXPIRED' || state === 'EXPIRING') {
      doc
        .font(PDF_FONT.bold)
        .fillColor(state === 'EXPIRED' ? '#b00020' : '#8a5a00')
        .text(state === 'EXPIRED' ? w.ewayExpired : w.ewayExpiring)
        .fillColor('black')
        .font(PDF_FONT.regular);
    }
  }
  doc.moveDown();
  const block = (title: string, lines: Array<string | null | undefined>) => {
    doc.font(PDF_FONT.bold).text(title);
    doc.font(PDF_FONT.regular);
    for (const l of lines) if (l) doc.text(l);
    doc.moveDown(0.6);
  };
  block(w.transporter, [c.operatorName ?? 'Bhada', c.operatorId ? `${w.operatorId}: ${c.operatorId}` : null]);
  block(w.consigner, [c.consignerName, `${w.code}: ${c.consignerCode}`, `${w.from}: ${c.originCity}`]);
  block(w.consignee, [
    c.consignee?.name ?? '-',
    c.consignee?.gstin ? `GSTIN: ${c.consignee.gstin}` : null,
    c.consignee ? `${c.consignee.address}, ${c.consignee.city}` : null,
    c.consignee?.contactPhone ? `${w.contact}: ${c.consignee.contactName ?? ''} ${c.consignee.contactPhone}` : null,
    `${w.to}: ${c.destinationCity}`,
  ]);
  block(w.goods, [
    `${w.material}: ${c.material}     ${w.loadType}: ${c.loadType}`,
    `${w.weight}: ${groupIndianDigits(String(c.weightKg))} kg     ${w.packages}: ${c.packages}`,
  ]);
  doc.font(PDF_FONT.bold).text(w.invoices);
  doc.font(PDF_FONT.regular);
  if (!d.invoices.length) doc.text('-');
  for (const i of d.invoices) doc.text(`${i.invoiceNumber}   ${i.invoiceDate}   ${rs(i.valueInPaisa)}`);
  doc.text(`${w.declared}: ${rs(d.totalInvoiceValueInPaisa)}`);
  doc.moveDown(0.6);
  block(w.freight, [rs(c.freightInPaisa)]);
  if (d.docket.remarks) block(w.remarks, [d.docket.remarks]);
  doc.moveDown(2);
  doc.text(w.signConsigner, { continued: true }).text(w.forTransporter, { align: 'right' });
  doc.end();
  await done;
  return { fileName: `docket-${d.docket.docketNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`, body: Buffer.concat(chunks) };
}
