import { OPERATIONS_MESSAGES, type REPORT_TYPES } from '@bhada/contracts/operations';
import ExcelJS from 'exceljs';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ConsignerCode } from '../../lib/tenancy.ts';
import { consignerTripAccounts } from '../payments/consigner-payments.service.ts';
import type { ConsignerActor } from './consigner-views.service.ts';
import { istText } from './consignments.service.ts';
import * as repo from './operations.repository.ts';

/**
 * The consigner's reports (ADR 133): asked for on the Reports page, built as xlsx by a job, kept in file
 * storage for download and mailed through the notifier.
 */

type ReportType = (typeof REPORT_TYPES)[number];
const REPORT_TITLES: Record<ReportType, string> = {
  VEHICLE_BY_OPERATOR: 'Vehicles by operator',
  TRIPS: 'Trips',
  PAYMENTS: 'Trip payments',
  TDS: 'TDS withheld',
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CONSIGNER_REPORT_JOB = 'operations.consignerReport';
/** rupees with Indian grouping, two decimals */
const RUPEES = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';

const dayStart = (d: string) => new Date(`${d}T00:00:00+05:30`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
const inPeriod = (at: Date, fromDate?: string, toDate?: string) =>
  (!fromDate || at >= dayStart(fromDate)) && (!toDate || at < dayAfter(toDate));

interface ReportInput {
  consignerCode: ConsignerCode;
  reportType: ReportType;
  fromDate?: string;
  toDate?: string;
}

/** One sheet: a title block, then a bold, frozen header row with a filter, then the rows. */
function sheetWithHeader(workbook: ExcelJS.Workbook, title: string, lines: string[][], header: string[]) {
  const sheet = workbook.addWorksheet(title, { pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.addRow([lines[0]?.[0] ?? title]).font = { bold: true, size: 14 };
  for (const line of lines.slice(1)) sheet.addRow(line);
  sheet.addRow([]);
  const headerRow = sheet.addRow(header);
  headerRow.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: headerRow.number }];
  sheet.autoFilter = { from: { row: headerRow.number, column: 1 }, to: { row: headerRow.number, column: header.length } };
  sheet.pageSetup.printTitlesRow = `${headerRow.number}:${headerRow.number}`;
  header.forEach((h, i) => {
    sheet.getColumn(i + 1).width = Math.max(14, h.length + 4);
  });
  return sheet;
}

/** Builds the report as an xlsx workbook in memory (a consigner's trips are thousands of rows, not millions). */
export async function buildReport(ctx: ServiceContext, { consignerCode, reportType, fromDate, toDate }: ReportInput) {
  const trips = await repo.listConsignerTripsForReport(ctx.db, {
    consignerCode,
    from: fromDate ? dayStart(fromDate) : undefined,
    to: toDate ? dayAfter(toDate) : undefined,
  });
  const consignerName = (await repo.findConsignerName(ctx.db, { consignerCode })) ?? consignerCode;
  const workbook = new ExcelJS.Workbook();
  const title = REPORT_TITLES[reportType];
  const lines = [
    [`${title} — ${consignerName}`],
    ['Period', `${fromDate ?? 'start'} to ${toDate ?? 'today'}`],
    ['Generated', istText(ctx.clock.now())],
  ];
  let rows = 0;
  const money = (sheet: ExcelJS.Worksheet, columns: number[]) => {
    for (const c of columns) sheet.getColumn(c).numFmt = RUPEES;
  };
  const dates = (sheet: ExcelJS.Worksheet, column: number) => {
    sheet.getColumn(column).numFmt = 'dd-mm-yyyy hh:mm';
    sheet.getColumn(column).width = 18;
  };
  // dates are written as India wall-clock times, so a spreadsheet shows the time the user lives in
  const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000);

  if (reportType === 'VEHICLE_BY_OPERATOR') {
    const sheet = sheetWithHeader(workbook, title, lines, [
      'Operator',
      'Vehicle number',
      'Vehicle type',
      'Trips',
      'Completed',
      'Lanes',
      'Freight (₹)',
      'Last trip',
    ]);
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
    for (const v of byVehicle.values()) {
      sheet.addRow([v.operator, v.number, v.type, v.trips, v.done, [...v.lanes].join(', '), v.freight / 100, istDate(v.last)]);
      rows++;
    }
    money(sheet, [7]);
    dates(sheet, 8);
  } else if (reportType === 'TRIPS') {
    const sheet = sheetWithHeader(workbook, title, lines, [
      'Trip',
      'Date',
      'Operator',
      'Vehicle number',
      'From',
      'To',
      'State',
      'Freight (₹)',
    ]);
    for (const t of trips) {
      sheet.addRow([
        t.tripId,
        istDate(t.createdAt),
        t.operatorName,
        t.vehicleNumber,
        t.originCity,
        t.destinationCity,
        t.state,
        t.agreedPricePaisa / 100,
      ]);
      rows++;
    }
    dates(sheet, 2);
    money(sheet, [8]);
  } else {
    // payments and TDS read the same per-trip accounts the payment screens show (freight − TDS − paid)
    const operatorNames = new Map(trips.map((t) => [t.operatorId, t.operatorName]));
    const accounts = (await consignerTripAccounts(ctx.db, consignerCode)).filter((a) => inPeriod(new Date(a.createdAt), fromDate, toDate));
    if (reportType === 'PAYMENTS') {
      const sheet = sheetWithHeader(workbook, title, lines, [
        'Trip',
        'Date',
        'Operator',
        'Vehicle number',
        'Lane',
        'Freight (₹)',
        'TDS (₹)',
        'Paid (₹)',
        'At the bank (₹)',
        'Due (₹)',
      ]);
      const total = { freight: 0, tds: 0, paid: 0, pending: 0, due: 0 };
      for (const a of accounts) {
        sheet.addRow([
          a.tripId,
          istDate(new Date(a.createdAt)),
          operatorNames.get(a.operatorId) ?? a.operatorId,
          a.vehicleNumber,
          `${a.originCity}-${a.destinationCity}`,
          a.freightInPaisa / 100,
          a.tdsInPaisa / 100,
          a.paidInPaisa / 100,
          a.pendingInPaisa / 100,
          a.balanceInPaisa / 100,
        ]);
        total.freight += a.freightInPaisa;
        total.tds += a.tdsInPaisa;
        total.paid += a.paidInPaisa;
        total.pending += a.pendingInPaisa;
        total.due += a.balanceInPaisa;
        rows++;
      }
      const totals = sheet.addRow([
        'Total',
        rows,
        '',
        '',
        '',
        total.freight / 100,
        total.tds / 100,
        total.paid / 100,
        total.pending / 100,
        total.due / 100,
      ]);
      totals.font = { bold: true };
      dates(sheet, 2);
      money(sheet, [6, 7, 8, 9, 10]);
    } else {
      const sheet = sheetWithHeader(workbook, title, lines, [
        'Operator',
        'Operator id',
        'Trips',
        'Freight (₹)',
        'TDS withheld (₹)',
        'Trips without TDS',
      ]);
      const byOperator = new Map<string, { trips: number; freight: number; tds: number; exempt: number }>();
      for (const a of accounts) {
        const o = byOperator.get(a.operatorId) ?? { trips: 0, freight: 0, tds: 0, exempt: 0 };
        o.trips++;
        o.freight += a.freightInPaisa;
        o.tds += a.tdsInPaisa;
        // no TDS on a trip: the operator's section 194C(6) declaration covered its day (ADR 111)
        if (a.tdsInPaisa === 0) o.exempt++;
        byOperator.set(a.operatorId, o);
      }
      let tds = 0;
      for (const [operatorId, o] of byOperator) {
        sheet.addRow([operatorNames.get(operatorId) ?? operatorId, operatorId, o.trips, o.freight / 100, o.tds / 100, o.exempt]);
        tds += o.tds;
        rows++;
      }
      sheet.addRow(['Total', '', accounts.length, accounts.reduce((s, a) => s + a.freightInPaisa, 0) / 100, tds / 100, '']).font = {
        bold: true,
      };
      money(sheet, [4, 5]);
    }
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const period = fromDate || toDate ? `-${fromDate ?? 'start'}_${toDate ?? 'today'}` : '';
  return { body, rows, fileName: `${reportType.toLowerCase().replace(/_/g, '-')}-${consignerCode}${period}.xlsx`, title };
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
 * download and mails it (SMTP when configured, the outbox otherwise). The answer comes at once.
 */
export async function mailReport(
  ctx: ServiceContext,
  { actor, query }: { actor: ConsignerActor; query: { reportType: ReportType; email?: string; fromDate?: string; toDate?: string } },
) {
  const email = query.email ?? (await repo.findUserEmail(ctx.db, { userId: actor.userId }));
  if (!email) throw badRequest(OPERATIONS_MESSAGES.emailRequired, 'email');
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

/** The job: builds, stores and mails one requested report; a request already finished is left alone. */
export async function buildRequestedReport(ctx: ServiceContext, { requestId }: { requestId: string }) {
  const request = await repo.findReportRequest(ctx.db, { id: requestId });
  if (request?.status !== 'BUILDING') return;
  try {
    const report = await buildReport(ctx, {
      consignerCode: request.consignerCode as ConsignerCode,
      reportType: request.report as ReportType,
      fromDate: request.fromDate ?? undefined,
      toDate: request.toDate ?? undefined,
    });
    const fileKey = `reports/consigner/${request.consignerCode}/${request.id}/${report.fileName}`;
    await ctx.storage.put(fileKey, report.body, XLSX);
    const sent = await ctx.notifier.send({
      channel: 'email',
      to: request.email,
      subject: `Bhada report: ${report.title}`,
      text: `Your ${report.title.toLowerCase()} report is attached (${report.rows} rows).`,
      kind: 'CONSIGNER_REPORT',
      attachments: [{ filename: report.fileName, contentType: XLSX, content: report.body }],
    });
    await repo.finishReportRequest(ctx.db, {
      id: request.id,
      set: { status: 'MAILED', rowCount: report.rows, messageId: sent.id, fileKey },
    });
  } catch (err) {
    ctx.log.error({ err, requestId }, 'consigner report failed');
    await repo.finishReportRequest(ctx.db, { id: request.id, set: { status: 'FAILED', rowCount: 0, messageId: null, fileKey: null } });
  }
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
  { actor, query }: { actor: ConsignerActor; query: { reportType: ReportType; fromDate?: string; toDate?: string } },
) {
  return buildReport(ctx, { consignerCode: actor.consignerCode, ...query });
}
