import { OPERATIONS_MESSAGES, type REPORT_TYPES } from '@bhada/contracts/operations/operations';
import { istDay, istDayEnd, istDayStart } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { loadExcelJs } from '../../../lib/document-libraries.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import {
  columnLetter,
  XLSX_COUNT_FORMAT,
  XLSX_DATE_FORMAT,
  XLSX_MONEY_FORMAT,
  xlsxDate,
  xlsxFrozenView,
  xlsxPrintSetup,
} from '../../../lib/spreadsheet.ts';
import type { ConsignerCode } from '../../../lib/tenancy.ts';
import { tripStateLabel } from '../../../lib/texts/trip-states.ts';
import { consignerTripAccounts } from '../../money/payments/consigner-payments.service.ts';
import { CONSIGNER_REPORT_WORDS, type ConsignerReportLang } from './consigner-reports-text.ts';
import type { ConsignerActor } from './consigner-views.service.ts';
import * as repo from './operations.repository.ts';

/**
 * The consigner's reports (ADR 133): asked for on the Reports page, built as xlsx by a job, kept in file
 * storage for download and mailed through the notifier.
 */

type ReportType = (typeof REPORT_TYPES)[number];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CONSIGNER_REPORT_JOB = 'operations.consignerReport';

const inPeriod = (at: Date, fromDate?: string, toDate?: string) =>
  (!fromDate || at >= istDayStart(fromDate)) && (!toDate || at < istDayEnd(toDate));

/** Builds the report as an xlsx workbook in memory (a consigner's trips are thousands of rows, not millions). */
export async function buildReport(
  ctx: ServiceContext,
  {
    consignerCode,
    reportType,
    fromDate,
    toDate,
    lang = 'en',
  }: { consignerCode: ConsignerCode; reportType: ReportType; fromDate?: string; toDate?: string; lang?: ConsignerReportLang },
) {
  const w = CONSIGNER_REPORT_WORDS[lang];
  const trips = await repo.listConsignerTripsForReport(ctx.db, {
    consignerCode,
    from: fromDate ? istDayStart(fromDate) : undefined,
    to: toDate ? istDayEnd(toDate) : undefined,
  });
  const consignerName = (await repo.findConsignerName(ctx.db, { consignerCode })) ?? consignerCode;
  const now = ctx.clock.now();
  const today = istDay(now);
  const title = w.titles[reportType];
  // without a start date the report runs from the consigner's first trip, or from the beginning when there is none
  const firstTrip = trips.reduce<Date | null>((min, t) => (!min || t.createdAt < min ? t.createdAt : min), null);
  const from = fromDate ?? (firstTrip ? istDay(firstTrip) : null);
  // title, period, generated, one blank row, then the column headings (ADR 141)
  const headerRow = 5;
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title, { views: [xlsxFrozenView(headerRow)], pageSetup: xlsxPrintSetup(headerRow) });
  sheet.addRow([`${title} — ${consignerName}`]).font = { bold: true, size: 14 };
  sheet.addRow([w.period, w.range(from ?? w.fromBeginning, toDate ?? today)]);
  const generated = sheet.addRow([w.generated, xlsxDate(now)]);
  generated.getCell(2).numFmt = XLSX_DATE_FORMAT;
  generated.getCell(2).alignment = { horizontal: 'left' };
  sheet.addRow([]);

  type Column = { header: string; width: number; kind?: 'money' | 'count' | 'date'; total?: boolean };
  let columns: Column[];
  let data: Array<Array<string | number | Date>>;
  if (reportType === 'VEHICLE_BY_OPERATOR') {
    columns = [
      { header: w.operator, width: 28 },
      { header: w.vehicleNumber, width: 16 },
      { header: w.vehicleType, width: 16 },
      { header: w.trips, width: 10, kind: 'count', total: true },
      { header: w.completed, width: 12, kind: 'count', total: true },
      { header: w.lanes, width: 36 },
      { header: w.freight, width: 16, kind: 'money', total: true },
      { header: w.lastTrip, width: 20, kind: 'date' },
    ];
    const byVehicle = new Map<
      string,
      { operator: string; number: string; type: string; trips: number; done: number; lanes: Set<string>; freight: number; last: Date }
    >();
    for (const t of trips) {
      const key = `${t.operatorId}|${t.vehicleNumber}`;
      const v = byVehicle.get(key) ?? {
        operator: t.operatorName,
        number: t.vehicleNumber,
        type: t.vehicleType,
        trips: 0,
        done: 0,
        lanes: new Set(),
        freight: 0,
        last: t.createdAt,
      };
      v.trips++;
      if (t.state === 'COMPLETED') v.done++;
      v.lanes.add(`${t.originCity}-${t.destinationCity}`);
      v.freight += t.agreedPricePaisa;
      if (t.createdAt > v.last) v.last = t.createdAt;
      byVehicle.set(key, v);
    }
    data = [...byVehicle.values()].map((v) => [v.operator, v.number, v.type, v.trips, v.done, [...v.lanes].join(', '), v.freight, v.last]);
  } else if (reportType === 'TRIPS') {
    columns = [
      { header: w.trip, width: 18 },
      { header: w.date, width: 20, kind: 'date' },
      { header: w.operator, width: 28 },
      { header: w.vehicleNumber, width: 16 },
      { header: w.from, width: 16 },
      { header: w.to, width: 16 },
      { header: w.state, width: 14 },
      { header: w.freight, width: 16, kind: 'money', total: true },
    ];
    data = trips.map((t) => [
      t.tripId,
      t.createdAt,
      t.operatorName,
      t.vehicleNumber,
      t.originCity,
      t.destinationCity,
      tripStateLabel(t.state, lang),
      t.agreedPricePaisa,
    ]);
  } else {
    // payments and TDS read the same per-trip accounts the payment screens show (freight − TDS − paid)
    const operatorNames = new Map(trips.map((t) => [t.operatorId, t.operatorName]));
    const accounts = (await consignerTripAccounts(ctx.db, consignerCode)).filter((a) => inPeriod(new Date(a.createdAt), fromDate, toDate));
    if (reportType === 'PAYMENTS') {
      columns = [
        { header: w.trip, width: 18 },
        { header: w.date, width: 20, kind: 'date' },
        { header: w.operator, width: 28 },
        { header: w.vehicleNumber, width: 16 },
        { header: w.lane, width: 24 },
        { header: w.freight, width: 16, kind: 'money', total: true },
        { header: w.tds, width: 14, kind: 'money', total: true },
        { header: w.paid, width: 16, kind: 'money', total: true },
        { header: w.atBank, width: 16, kind: 'money', total: true },
        { header: w.due, width: 16, kind: 'money', total: true },
      ];
      data = accounts.map((a) => [
        a.tripId,
        new Date(a.createdAt),
        operatorNames.get(a.operatorId) ?? a.operatorId,
        a.vehicleNumber,
        `${a.originCity}-${a.destinationCity}`,
        a.freightInPaisa,
        a.tdsInPaisa,
        a.paidInPaisa,
        a.pendingInPaisa,
        a.balanceInPaisa,
      ]);
    } else {
      columns = [
        { header: w.operator, width: 28 },
        { header: w.operatorId, width: 14 },
        { header: w.trips, width: 10, kind: 'count', total: true },
        { header: w.freight, width: 16, kind: 'money', total: true },
        { header: w.tdsWithheld, width: 18, kind: 'money', total: true },
        // no TDS on a trip: the operator's section 194C(6) declaration covered its day (ADR 111)
        { header: w.tripsWithoutTds, width: 18, kind: 'count', total: true },
      ];
      const byOperator = new Map<string, { trips: number; freight: number; tds: number; exempt: number }>();
      for (const a of accounts) {
        const o = byOperator.get(a.operatorId) ?? { trips: 0, freight: 0, tds: 0, exempt: 0 };
        o.trips++;
        o.freight += a.freightInPaisa;
        o.tds += a.tdsInPaisa;
        if (a.tdsInPaisa === 0) o.exempt++;
        byOperator.set(a.operatorId, o);
      }
      data = [...byOperator].map(([operatorId, o]) => [
        operatorNames.get(operatorId) ?? operatorId,
        operatorId,
        o.trips,
        o.freight,
        o.tds,
        o.exempt,
      ]);
    }
  }
  sheet.columns = columns.map((c) => ({ width: c.width }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.border = { bottom: { style: 'thin' } };
    if (c.kind === 'money' || c.kind === 'count') cell.alignment = { horizontal: 'right' };
  });
  const sums = columns.map(() => 0);
  for (const values of data) {
    const row = sheet.addRow(
      values.map((v, i) => {
        const c = columns[i];
        if (c?.total && typeof v === 'number') sums[i] = (sums[i] ?? 0) + v;
        if (c?.kind === 'money' && typeof v === 'number') return v / 100;
        if (c?.kind === 'date' && v instanceof Date) return xlsxDate(v);
        return v;
      }),
    );
    columns.forEach((c, i) => {
      if (c.kind === 'money') row.getCell(i + 1).numFmt = XLSX_MONEY_FORMAT;
      if (c.kind === 'count') row.getCell(i + 1).numFmt = XLSX_COUNT_FORMAT;
      if (c.kind === 'date') row.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
    });
  }
  sheet.autoFilter = `A${headerRow}:${columnLetter(columns.length)}${headerRow + Math.max(data.length, 1)}`;
  const totals = sheet.addRow(
    columns.map((c, i) => (i === 0 ? w.total : c.total ? (c.kind === 'money' ? (sums[i] ?? 0) / 100 : (sums[i] ?? 0)) : null)),
  );
  totals.font = { bold: true };
  columns.forEach((c, i) => {
    const cell = totals.getCell(i + 1);
    cell.border = { top: { style: 'thin' } };
    if (c.kind === 'money') cell.numFmt = XLSX_MONEY_FORMAT;
    if (c.kind === 'count') cell.numFmt = XLSX_COUNT_FORMAT;
  });
  const rows = data.length;
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const stem = `${reportType.toLowerCase().replace(/_/g, '-')}-${consignerCode}`;
  return { body, rows, fileName: `${stem}-${from ?? 'from-beginning'}_${toDate ?? today}.xlsx`, title };
}

type ReportRequestRow = NonNullable<Awaited<ReturnType<typeof repo.findReportRequest>>>;
const requestView = (r: ReportRequestRow) => ({
  requestId: r.id,
  reportType: r.report,
  email: r.email,
  status: r.status,
  rowCount: r.rowCount,
  createdAt: r.createdAt.toISOString(),
  fileReady: Boolean(r.fileKey),
});

/**
 * spec "the report is mailed": the request is kept and a job builds the workbook, stores it for
 * download and mails it (SMTP when configured, the outbox otherwise). The answer comes at once. The report
 * goes only to an address on the consigner's own account (ADR 301): the asker's, or another of its users'.
 */
export async function mailReport(
  ctx: ServiceContext,
  { actor, query }: { actor: ConsignerActor; query: { reportType: ReportType; email?: string; fromDate?: string; toDate?: string } },
) {
  const email = query.email ?? (await repo.findUserEmail(ctx.db, { userId: actor.userId }));
  if (!email) throw badRequest(OPERATIONS_MESSAGES.emailRequired, 'email');
  const onAccount = await repo.listAccountEmails(ctx.db, { consignerCode: actor.consignerCode });
  if (!onAccount.some((known) => known.toLowerCase() === email.toLowerCase()))
    throw badRequest(OPERATIONS_MESSAGES.emailNotOnAccount, 'email');
  if (query.fromDate && query.toDate && query.fromDate > query.toDate)
    throw badRequest('The start date must be before the end date', 'fromDate');
  const id = newId('RPT');
  await repo.insertReportRequest(ctx.db, {
    id,
    consignerCode: actor.consignerCode,
    userId: actor.userId,
    report: query.reportType,
    email,
    status: 'BUILDING',
    createdAt: ctx.clock.now(),
    fromDate: query.fromDate ?? null,
    toDate: query.toDate ?? null,
  });
  await ctx.jobs.send(CONSIGNER_REPORT_JOB, { requestId: id }, { singletonKey: id });
  // where jobs run in this process (tests, a server without a queue) the report is ready already
  return requestView((await repo.findReportRequest(ctx.db, { id })) as ReportRequestRow);
}

/** Minutes to wait before mailing a built report again after its mail failed; then it stays MAIL_FAILED. */
export const REPORT_MAIL_RETRY_MINUTES = [1, 5, 15, 60, 240] as const;

/**
 * The job: builds and stores one requested report (downloadable from then on), then mails it. A failed build
 * is FAILED; a failed mail keeps the built file and is tried again later from the stored copy, with growing
 * pauses, until it is MAILED or the pauses run out (MAIL_FAILED, still downloadable). A request already
 * finished is left alone, so a repeated job mails nothing twice.
 */
export async function buildRequestedReport(ctx: ServiceContext, { requestId }: { requestId: string }) {
  const request = await repo.findReportRequest(ctx.db, { id: requestId });
  if (request?.status !== 'BUILDING' && request?.status !== 'MAIL_RETRYING') return;
  const lang = (await repo.findUserLocale(ctx.db, { userId: request.userId })) ?? 'en';
  const words = CONSIGNER_REPORT_WORDS[lang];
  let mail: { body: Buffer; fileName: string; title: string; rows: number };
  if (request.fileKey) {
    const stored = await readStored(ctx, request.fileKey);
    if (!stored) return failBuild(ctx, request.id);
    const title = words.titles[request.report as ReportType] ?? request.report;
    mail = { body: stored, fileName: request.fileKey.split('/').pop() ?? 'report.xlsx', title, rows: request.rowCount };
  } else {
    try {
      const report = await buildReport(ctx, {
        lang,
        consignerCode: request.consignerCode,
        reportType: request.report as ReportType,
        fromDate: request.fromDate ?? undefined,
        toDate: request.toDate ?? undefined,
      });
      const fileKey = `reports/consigner/${request.consignerCode}/${request.id}/${report.fileName}`;
      await ctx.storage.put(fileKey, report.body, XLSX);
      await repo.recordBuiltReport(ctx.db, { id: request.id, fileKey, rowCount: report.rows });
      mail = report;
    } catch (err) {
      ctx.log.error({ err, requestId }, 'consigner report failed');
      return failBuild(ctx, request.id);
    }
  }
  try {
    const sent = await ctx.notifier.send({
      channel: 'email',
      to: request.email,
      subject: words.mailSubject(mail.title),
      text: words.mailText(mail.title, mail.rows),
      kind: 'CONSIGNER_REPORT',
      attachments: [{ filename: mail.fileName, contentType: XLSX, content: mail.body }],
    });
    await repo.finishReportRequest(ctx.db, { id: request.id, set: { status: 'MAILED', messageId: sent.id } });
  } catch (err) {
    const attempts = request.mailAttempts + 1;
    const pause = REPORT_MAIL_RETRY_MINUTES[attempts - 1];
    ctx.log.warn({ err, requestId, attempts }, 'consigner report mail failed');
    await repo.recordReportMailFailure(ctx.db, { id: request.id, attempts, final: pause === undefined });
    if (pause !== undefined) {
      await ctx.jobs.send(CONSIGNER_REPORT_JOB, { requestId }, { startAfter: new Date(ctx.clock.now().getTime() + pause * 60_000) });
    }
  }
}

async function failBuild(ctx: ServiceContext, id: string) {
  await repo.finishReportRequest(ctx.db, { id, set: { status: 'FAILED', rowCount: 0, messageId: null, fileKey: null } });
}

async function readStored(ctx: ServiceContext, key: string) {
  const size = await ctx.storage.size(key);
  return size === null ? null : ctx.storage.read(key, size);
}

export async function reportRequests(ctx: ServiceContext, { actor }: { actor: ConsignerActor }) {
  const rows = await repo.listReportRequests(ctx.db, { consignerCode: actor.consignerCode });
  return { list: rows.map(requestView) };
}

/** A short-lived signed link to a built report of the consigner's own; another consigner's is not found. */
export async function reportFile(ctx: ServiceContext, { actor, requestId }: { actor: ConsignerActor; requestId: string }) {
  const request = await repo.findConsignerReportRequest(ctx.db, { id: requestId, consignerCode: actor.consignerCode });
  if (!request?.fileKey) throw notFound('Report not found');
  return { url: await ctx.storage.viewUrl(request.fileKey, 300), fileName: request.fileKey.split('/').pop() ?? 'report.xlsx' };
}

/** Builds a report for download at once (the same workbook the mail carries). */
export async function downloadReport(
  ctx: ServiceContext,
  {
    actor,
    query,
    lang,
  }: { actor: ConsignerActor; query: { reportType: ReportType; fromDate?: string; toDate?: string }; lang?: ConsignerReportLang },
) {
  return buildReport(ctx, { consignerCode: actor.consignerCode, ...query, lang });
}
