import { OPERATIONS_MESSAGES, type REPORT_TYPES } from '@bhada/contracts/operations';
import { IST_TIME_ZONE } from '@bhada/contracts/time';
import ExcelJS from 'exceljs';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  columnLetter,
  XLSX_COUNT_FORMAT,
  XLSX_DATE_FORMAT,
  XLSX_MONEY_FORMAT,
  xlsxDate,
  xlsxFrozenView,
  xlsxPrintSetup,
} from '../../lib/spreadsheet.ts';
import type { ConsignerCode } from '../../lib/tenancy.ts';
import * as repo from './operations.repository.ts';

/** The consigner's own views (ADR 133): its vehicles, its mailed reports, its demands' documents. */

export interface ConsignerActor {
  consignerCode: ConsignerCode;
  userId: string;
}

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: IST_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayStart = (d: string) => new Date(`${d}T00:00:00+05:30`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

/** A lane filter is `Origin-Destination` city names (what getFilters offers). */
function laneCities(laneCode: string | undefined) {
  if (!laneCode) return {};
  const [originCity, destinationCity] = laneCode.split('|');
  return { originCity, destinationCity };
}

export async function consignerVehicles(
  ctx: ServiceContext,
  {
    actor,
    query,
  }: {
    actor: ConsignerActor;
    query: { pageNo: number; pageSize: number; state?: string; laneCode?: string; operatorId?: string; fromDate?: string; toDate?: string };
  },
) {
  const { rows, total } = await repo.listConsignerVehicles(ctx.db, {
    consignerCode: actor.consignerCode,
    state: query.state,
    ...laneCities(query.laneCode),
    operatorId: query.operatorId,
    from: query.fromDate ? dayStart(query.fromDate) : undefined,
    to: query.toDate ? dayAfter(query.toDate) : undefined,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  });
  return {
    list: rows.map((r) => ({
      vNo: r.number,
      vId: r.vehicleId,
      operatorId: r.operatorId,
      operatorName: r.operatorName,
      tripId: r.tripId,
      tripState: r.state,
      originCity: r.originCity,
      destinationCity: r.destinationCity,
      tripCount: r.tripCount,
      lastLocation: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, city: r.city, at: null } : null,
      lastTripAt: new Date(r.createdAt).toISOString(),
    })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

export async function consignerFilters(ctx: ServiceContext, { actor }: { actor: ConsignerActor }) {
  const f = await repo.consignerFilterOptions(ctx.db, { consignerCode: actor.consignerCode });
  return {
    states: f.states,
    lanes: f.lanes.map((l) => ({ code: `${l.origin}|${l.destination}`, label: `${l.origin} → ${l.destination}` })),
    operators: f.operators,
  };
}

type ReportType = (typeof REPORT_TYPES)[number];
const REPORT_TITLES: Record<ReportType, string> = {
  VEHICLE_BY_OPERATOR: 'Vehicles by operator',
  TRIPS: 'Trips',
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds the report as an xlsx workbook in memory (a consigner's trips are thousands of rows, not millions). */
export async function buildReport(
  ctx: ServiceContext,
  {
    consignerCode,
    reportType,
    fromDate,
    toDate,
  }: { consignerCode: ConsignerCode; reportType: ReportType; fromDate?: string; toDate?: string },
) {
  const trips = await repo.listConsignerTripsForReport(ctx.db, {
    consignerCode,
    from: fromDate ? dayStart(fromDate) : undefined,
    to: toDate ? dayAfter(toDate) : undefined,
  });
  const consignerName = (await repo.findConsignerName(ctx.db, { consignerCode })) ?? consignerCode;
  const now = ctx.clock.now();
  const today = ISO_DAY.format(now);
  const title = REPORT_TITLES[reportType];
  // title, period, generated, one blank row, then the column headings (ADR 141)
  const headerRow = 5;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title, { views: [xlsxFrozenView(headerRow)], pageSetup: xlsxPrintSetup(headerRow) });
  sheet.addRow([`${title} — ${consignerName}`]).font = { bold: true, size: 14 };
  sheet.addRow(['Period', `${fromDate ?? 'start'} to ${toDate ?? today}`]);
  const generated = sheet.addRow(['Generated', xlsxDate(now)]);
  generated.getCell(2).numFmt = XLSX_DATE_FORMAT;
  generated.getCell(2).alignment = { horizontal: 'left' };
  sheet.addRow([]);

  type Column = { header: string; width: number; kind?: 'money' | 'count' | 'date'; total?: boolean };
  let columns: Column[];
  let data: Array<Array<string | number | Date>>;
  if (reportType === 'VEHICLE_BY_OPERATOR') {
    columns = [
      { header: 'Operator', width: 28 },
      { header: 'Vehicle number', width: 16 },
      { header: 'Vehicle type', width: 16 },
      { header: 'Trips', width: 10, kind: 'count', total: true },
      { header: 'Completed', width: 12, kind: 'count', total: true },
      { header: 'Lanes', width: 36 },
      { header: 'Freight (₹)', width: 16, kind: 'money', total: true },
      { header: 'Last trip', width: 20, kind: 'date' },
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
  } else {
    columns = [
      { header: 'Trip', width: 18 },
      { header: 'Date', width: 20, kind: 'date' },
      { header: 'Operator', width: 28 },
      { header: 'Vehicle number', width: 16 },
      { header: 'From', width: 16 },
      { header: 'To', width: 16 },
      { header: 'State', width: 14 },
      { header: 'Freight (₹)', width: 16, kind: 'money', total: true },
    ];
    data = trips.map((t) => [
      t.tripId,
      t.createdAt,
      t.operatorName,
      t.vehicleNumber,
      t.originCity,
      t.destinationCity,
      t.state,
      t.agreedPricePaisa,
    ]);
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
    columns.map((c, i) => (i === 0 ? 'Total' : c.total ? (c.kind === 'money' ? (sums[i] ?? 0) / 100 : (sums[i] ?? 0)) : null)),
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
  return { body, rows, fileName: `${stem}-${fromDate ?? 'start'}_${toDate ?? today}.xlsx`, title };
}

/**
 * The mailed report (spec: "the report is mailed"): built as xlsx and sent through the notifier (SMTP
 * when configured, the outbox otherwise) to the given address or the user's own; the request is kept
 * with its status so the Reports page shows it.
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
  const createdAt = ctx.clock.now();
  await repo.insertReportRequest(ctx.db, {
    id,
    consignerCode: actor.consignerCode,
    userId: actor.userId,
    report: query.reportType,
    email,
    status: 'BUILDING',
    createdAt,
  });
  try {
    const report = await buildReport(ctx, { consignerCode: actor.consignerCode, ...query });
    const sent = await ctx.notifier.send({
      channel: 'email',
      to: email,
      subject: `Bhada report: ${report.title}`,
      text: `Your ${report.title.toLowerCase()} report is attached (${report.rows} rows).`,
      kind: 'CONSIGNER_REPORT',
      attachments: [{ filename: report.fileName, contentType: XLSX, content: report.body }],
    });
    await repo.finishReportRequest(ctx.db, { id, set: { status: 'MAILED', rowCount: report.rows, messageId: sent.id } });
    return {
      requestId: id,
      reportType: query.reportType,
      email,
      status: 'MAILED' as const,
      rowCount: report.rows,
      createdAt: createdAt.toISOString(),
    };
  } catch (err) {
    ctx.log.error({ err, requestId: id }, 'consigner report failed');
    await repo.finishReportRequest(ctx.db, { id, set: { status: 'FAILED', rowCount: 0, messageId: null } });
    throw err;
  }
}

export async function reportRequests(ctx: ServiceContext, { actor }: { actor: ConsignerActor }) {
  const rows = await repo.listReportRequests(ctx.db, { consignerCode: actor.consignerCode });
  return {
    list: rows.map((r) => ({
      requestId: r.id,
      reportType: r.report,
      email: r.email,
      status: r.status,
      rowCount: r.rowCount,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Builds a report for download (the same workbook the mail carries). */
export async function downloadReport(
  ctx: ServiceContext,
  { actor, query }: { actor: ConsignerActor; query: { reportType: ReportType; fromDate?: string; toDate?: string } },
) {
  return buildReport(ctx, { consignerCode: actor.consignerCode, ...query });
}

/**
 * The documents of one of the consigner's demands (spec: "GET demand/{code}/document"): the docket,
 * its goods invoices and e-way bill, POD photos and bilti, through signed view URLs. Another
 * consigner's demand is not found.
 */
export async function demandDocuments(ctx: ServiceContext, { actor, demandId }: { actor: ConsignerActor; demandId: string }) {
  const demand = await repo.findConsignerDemand(ctx.db, { consignerCode: actor.consignerCode, demandId });
  const trip = await repo.findConsignerTripByDemand(ctx.db, { consignerCode: actor.consignerCode, demandId });
  if (!demand && !trip) throw notFound('Demand not found');
  if (!trip) return { demandId, tripId: null, documents: [] };
  const documents: Array<{
    type: 'DOCKET' | 'INVOICE' | 'EWAY_BILL' | 'POD' | 'BILTI';
    number: string | null;
    date: string | null;
    valueInPaisa: number | null;
    viewUrl: string | null;
  }> = [];
  const consignment = await repo.findConsignmentByTrip(ctx.db, { tripId: trip.id });
  if (consignment) {
    const docket = await repo.findDocket(ctx.db, { consignmentId: consignment.id });
    if (docket) {
      documents.push({
        type: 'DOCKET',
        number: docket.docketNumber,
        date: docket.docketDate,
        valueInPaisa: consignment.freightPaisa,
        viewUrl: null,
      });
      if (docket.ewayBillNumber) {
        documents.push({
          type: 'EWAY_BILL',
          number: docket.ewayBillNumber,
          date: docket.ewayBillValidUntil?.toISOString() ?? null,
          valueInPaisa: null,
          viewUrl: null,
        });
      }
    }
    for (const inv of await repo.listInvoices(ctx.db, { consignmentId: consignment.id })) {
      documents.push({
        type: 'INVOICE',
        number: inv.invoiceNumber,
        date: inv.invoiceDate,
        valueInPaisa: inv.valuePaisa,
        viewUrl: inv.fileKey ? await ctx.storage.viewUrl(inv.fileKey, 900) : null,
      });
    }
  }
  for (const f of await repo.listTripDocumentFiles(ctx.db, { tripId: trip.id })) {
    documents.push({
      type: f.docType === 'BILTI' ? 'BILTI' : 'POD',
      number: null,
      date: f.createdAt.toISOString(),
      valueInPaisa: null,
      viewUrl: f.hasFile ? await ctx.storage.viewUrl(f.key, 900) : null,
    });
  }
  return { demandId, tripId: trip.id, documents };
}
