import { financialYearOf } from '@bhada/contracts/account/account';
import { istDay } from '@bhada/contracts/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { hasPdftotext, NEEDS_PDFTOTEXT, pdftotext } from '../../../../test/pdftotext.ts';
import { tdsDeclarations } from '../../../db/schema/index.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import { hasValidTdsDeclaration } from './tds.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PATH = '/api/odin/operator-app/v1/profile/tds-declaration';
const UNDERTAKING = '/api/supply/operator/undertaking';
const today = istDay(new Date());
const fyStart = `${financialYearOf(today).slice(0, 4)}-04-01`;
const fyEnd = `${Number(financialYearOf(today).slice(0, 4)) + 1}-03-31`;
const dayBefore = (iso: string) => new Date(new Date(`${iso}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (iso: string) => new Date(new Date(`${iso}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

type Fleet = { plates: string[] };
const form = (op: Fleet, overrides: Record<string, unknown> = {}) => ({
  name: 'Ramesh Kumar Sharma',
  fatherName: 'Suresh Chand Sharma',
  panNumber: 'abcpk1234q',
  street: '12 Transport Nagar',
  city: 'Jaipur',
  state: 'Rajasthan',
  pinCode: '302003',
  number: '9876543210',
  // written as people type them: spaces, dashes, lower case
  vehicleNumber: [op.plates[0]?.replace(/^(..)(..)(..)/, '$1 $2 $3 '), op.plates[1]?.replace(/^(..)(..)/, '$1-$2-').toLowerCase()],
  currentDate: today,
  startDate: fyStart,
  endDate: fyEnd,
  ...overrides,
});

let plateSeq = 1000 + Math.floor(Math.random() * 8000);
/** An operator whose fleet holds the two vehicles the form lists (and `extra` more). */
async function operatorWithFleet(extra = 0) {
  const op = await insertOperator(t.db);
  const operatorId = asOperatorId(op.operatorId);
  const plates = [];
  for (const series of ['GB', 'GC']) plates.push((await insertVehicle(t.db, operatorId, { number: `RJ14${series}${++plateSeq}` })).number);
  for (let i = 0; i < extra; i++) await insertVehicle(t.db, operatorId);
  return { ...op, plates };
}

describe('TDS declaration (section 194C(6))', () => {
  it('files a declaration for the financial year, sets the flag and downloads a PDF with name, PAN and vehicles', async () => {
    const op = await operatorWithFleet();
    const before = await t.call({ method: 'GET', url: PATH, token: op.owner.token });
    expect(before.body.data).toEqual({ tdsDeclared: false, undertakingDeclared: false, declarations: [] });

    const res = await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Declaration submitted successfully');
    expect(res.body.data).toMatchObject({
      kind: 'TDS_DECLARATION',
      panNumber: 'ABCPK1234Q',
      vehicleNumber: op.plates,
      opCode: op.operatorId,
      financialYear: financialYearOf(today),
      status: 'ACTIVE',
    });

    const after = await t.call({ method: 'GET', url: PATH, token: op.owner.token });
    expect(after.body.data.tdsDeclared).toBe(true);
    expect(after.body.data.undertakingDeclared).toBe(false);
    const profile = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/profile', token: op.owner.token });
    expect(profile.body.data.tdsDeclared).toBe(true);

    const pdf = await t.app.inject({ method: 'GET', url: res.body.data.pdfPath, headers: { token: op.owner.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('RameshKumarSharma');
    expect(text).toContain('ABCPK1234Q');
    for (const plate of op.plates) expect(text).toContain(plate);
    expect(text).toContain('194C(6)');
  });

  it.skipIf(!hasPdftotext)(
    `writes the declaration and the undertaking in Hindi for a Hindi reader, copied in reading order${NEEDS_PDFTOTEXT}`,
    async () => {
      const op = await operatorWithFleet();
      const tdsFiled = await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) });
      const undertaking = await t.call({ method: 'POST', url: UNDERTAKING, token: op.owner.token, payload: form(op) });
      expect(undertaking.status).toBe(200);
      const get = (url: string, locale: string) => t.app.inject({ method: 'GET', url, headers: { token: op.owner.token, locale } });
      const tds = pdftotext((await get(tdsFiled.body.data.pdfPath, 'hi')).rawPayload);
      expect(tds).toContain('आयकर अधिनियम, 1961 की धारा 194C(6) के अंतर्गत घोषणा');
      expect(tds).toContain('स्थान');
      expect(tds).toContain('Ramesh Kumar Sharma');
      expect(tds).not.toMatch(/Declaration|Place|Signed/);
      const hi = pdftotext((await get(undertaking.body.data.pdfPath, 'hi')).rawPayload);
      expect(hi).toContain('ट्रांसपोर्टर का वचन-पत्र');
      expect(hi).toContain('हिस्से');
      expect(hi).not.toContain('ट्रांसपोटर्');
      const en = pdftotext((await get(undertaking.body.data.pdfPath, 'en')).rawPayload);
      expect(en).toContain('Undertaking by the transporter');
    },
  );

  it('the payments side sees a valid declaration only inside its period and only for its operator', async () => {
    const op = await operatorWithFleet();
    const other = await insertOperator(t.db);
    await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) });
    const operatorId = asOperatorId(op.operatorId);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date() })).toBe(true);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date(`${dayBefore(fyStart)}T12:00:00+05:30`) })).toBe(false);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date(`${dayAfter(fyEnd)}T12:00:00+05:30`) })).toBe(false);
    // the India date counts: 31 March 23:00 IST is still inside
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date(`${fyEnd}T23:00:00+05:30`) })).toBe(true);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId: asOperatorId(other.operatorId), on: new Date() })).toBe(false);
  });

  it('refuses an overlapping period with 409 and stores nothing more', async () => {
    const op = await operatorWithFleet();
    expect((await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) })).status).toBe(200);
    const clash = await t.call({
      method: 'POST',
      url: '/api/supply/operator/tds-declaration',
      token: op.owner.token,
      payload: form(op, { startDate: today }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A declaration already covers part of this period');
    expect(await t.db.select().from(tdsDeclarations).where(eq(tdsDeclarations.operatorId, op.operatorId))).toHaveLength(1);
    // an undertaking is its own kind and does not clash
    const undertaking = await t.call({ method: 'POST', url: UNDERTAKING, token: op.owner.token, payload: form(op) });
    expect(undertaking.status).toBe(200);
    expect((await t.call({ method: 'GET', url: UNDERTAKING, token: op.owner.token })).body.data.undertakingDeclared).toBe(true);
  });

  it.each([
    [{ panNumber: 'ABC1234' }, 'panNumber'],
    [{ pinCode: '02003' }, 'pinCode'],
    [{ number: '12345' }, 'number'],
    [{ vehicleNumber: [] }, 'vehicleNumber'],
    [{ vehicleNumber: ['NOTAPLATE'] }, 'vehicleNumber.0'],
    [{ vehicleNumber: Array.from({ length: 11 }, (_, i) => `RJ14GB${1000 + i}`) }, 'vehicleNumber'],
    [{ currentDate: dayAfter(today) }, 'currentDate'],
    [{ startDate: dayAfter(today) }, 'startDate'],
    [{ endDate: `${Number(fyEnd.slice(0, 4))}-04-01` }, 'endDate'],
    [{ endDate: dayBefore(fyStart) }, 'endDate'],
    [{ startDate: '2026-02-30' }, 'startDate'],
  ])('refuses %j with 400 naming the field, and stores nothing', async (overrides, field) => {
    const op = await operatorWithFleet();
    const res = await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op, overrides) });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await t.db.select().from(tdsDeclarations).where(eq(tdsDeclarations.operatorId, op.operatorId))).toEqual([]);
  });

  it("refuses another operator's vehicle or operator code, and a fleet above ten goods carriages, with 400", async () => {
    const op = await operatorWithFleet();
    const other = await operatorWithFleet();
    const theirs = await insertVehicle(t.db, asOperatorId(other.operatorId), { number: `RJ14GD${++plateSeq}` });
    const stranger = await t.call({
      method: 'POST',
      url: PATH,
      token: op.owner.token,
      payload: form(op, { vehicleNumber: [op.plates[0], theirs.number] }),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ field: 'vehicleNumber.1', message: 'List only vehicles in your own fleet' });
    const code = await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op, { opCode: other.operatorId }) });
    expect(code.status).toBe(400);
    expect(code.body).toMatchObject({ field: 'opCode', message: 'Use your own operator code' });
    const big = await operatorWithFleet(9);
    const tooBig = await t.call({ method: 'POST', url: PATH, token: big.owner.token, payload: form(big) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.field).toBe('vehicleNumber');
    for (const o of [op, big]) {
      expect(await t.db.select().from(tdsDeclarations).where(eq(tdsDeclarations.operatorId, o.operatorId))).toEqual([]);
    }
    // its own code, in any case, is accepted
    expect(
      (await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op, { opCode: op.operatorId.toLowerCase() }) }))
        .status,
    ).toBe(200);
  });

  it("a declaration stops exempting once it no longer holds: the fleet grew past ten, or it lists what is not the operator's", async () => {
    const op = await operatorWithFleet(8);
    const operatorId = asOperatorId(op.operatorId);
    expect((await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) })).status).toBe(200);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date() })).toBe(true);
    await insertVehicle(t.db, operatorId);
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId, on: new Date() })).toBe(false);
    expect((await t.call({ method: 'GET', url: PATH, token: op.owner.token })).body.data.tdsDeclared).toBe(false);

    // a row filed before these checks, naming another operator's vehicle and code, is not honoured
    const liar = await operatorWithFleet();
    const victim = await operatorWithFleet();
    const base = { operatorId: liar.operatorId, kind: 'TDS_DECLARATION' as const, name: 'A B', fatherName: 'C D', pan: 'ABCPK1234Q' };
    const place = { street: '12 Transport Nagar', city: 'Jaipur', state: 'Rajasthan', pinCode: '302003', phone: '9876543210' };
    const period = { signedOn: today, startDate: fyStart, endDate: fyEnd, createdBy: liar.owner.userId };
    await t.db
      .insert(tdsDeclarations)
      .values({ id: `TDS-${liar.operatorId}`, ...base, ...place, ...period, opCode: victim.operatorId, vehicleNumbers: victim.plates });
    expect(await hasValidTdsDeclaration(t.app.ctx, { operatorId: asOperatorId(liar.operatorId), on: new Date() })).toBe(false);
  });

  it("another operator's declaration is not found and a subordinate without the permission is refused", async () => {
    const op = await operatorWithFleet();
    const other = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, op.operatorId, ['TRIPS_VIEW']);
    const filed = await t.call({ method: 'POST', url: PATH, token: op.owner.token, payload: form(op) });
    const pdf = await t.call({ method: 'GET', url: filed.body.data.pdfPath, token: other.owner.token });
    expect(pdf.status).toBe(404);
    expect((await t.call({ method: 'GET', url: PATH, token: other.owner.token })).body.data.declarations).toEqual([]);
    expect((await t.call({ method: 'GET', url: PATH, token: sub.token })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: PATH, token: sub.token, payload: form(op) })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: filed.body.data.pdfPath, token: sub.token })).status).toBe(403);
  });
});
