import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertOperator } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

type TestTrip = Awaited<ReturnType<typeof insertTrip>>;

/**
 * The operations desk's app for one file: an admin, an operator whose trip (₹45,000) the desk works on,
 * and another consigner's trip that must stay out of sight.
 */
export function useOperationsApp() {
  const ctx = useTestApp({ RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'error' }) as ReturnType<typeof useTestApp> & {
    admin: string;
    operator: string;
    trip: TestTrip;
    other: TestTrip;
  };
  beforeAll(async () => {
    const { t } = ctx;
    ctx.admin = (await insertAdmin(t.db)).token;
    const op = await insertOperator(t.db);
    ctx.operator = op.owner.token;
    ctx.trip = await insertTrip(t.db, { operator: op, agreedPricePaisa: 4_500_000 });
    ctx.other = await insertTrip(t.db);
  }, 60_000);
  return ctx;
}

export type OperationsContext = ReturnType<typeof useOperationsApp>;

export const rows = async (t: TestApp, query: string) =>
  ((await t.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** A consignment for the context's trip (Jaipur → Delhi, ₹45,000), as the admin creates it. */
export async function createConsignment(ctx: OperationsContext, over: Record<string, unknown> = {}) {
  const res = await ctx.h.as(ctx.admin).operations.saveConsignment({
    consignerCode: ctx.trip.consigner.consignerCode,
    tripId: ctx.trip.tripId,
    laneCode: 'JAI-DEL',
    originCity: 'Jaipur',
    destinationCity: 'Delhi',
    loadType: 'FTL',
    material: 'Cement bags',
    weightKg: 20000,
    packages: 400,
    freightInPaisa: 4_500_000,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const docket = (cCode: string, over: Record<string, unknown> = {}) => ({
  cCode,
  docketNumber: `LR-${cCode}`,
  docketDate: '2026-11-20',
  ewayBillNumber: '331012345678',
  ewayBillValidUntil: '2026-12-30T18:00:00+05:30',
  invoices: [{ invoiceNumber: 'GST/1', invoiceDate: '2026-11-19', valueInPaisa: 25_000_000 }],
  ...over,
});

/** Downloads a signed xlsx link and answers its first sheet. */
export async function workbookAt(t: TestApp, url: string) {
  const file = await t.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toMatch(/attachment; filename=".*\.xlsx"/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
