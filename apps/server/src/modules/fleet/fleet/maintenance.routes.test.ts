import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { fleetDocuments, maintenanceReminders } from '../../../db/schema/index.ts';
import { indiaToday } from './maintenance.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

const URL = '/api/fleet/maintenance';
const day = (offset: number) => new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('maintenance', () => {
  it('lists reminders and document expiries per vehicle, flagged due and overdue', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const token = op.owner.token;
    await t.db.insert(fleetDocuments).values([
      {
        id: `D-${v.id}-1`,
        operatorId: op.operatorId,
        vehicleId: v.id,
        docType: 'INSURANCE',
        resourceKey: `k/${v.id}/1`,
        fileName: 'i.pdf',
        contentType: 'application/pdf',
        status: 'VERIFIED',
        current: true,
        expiresOn: day(-2),
        createdBy: 'x',
      },
      {
        id: `D-${v.id}-2`,
        operatorId: op.operatorId,
        vehicleId: v.id,
        docType: 'PUC',
        resourceKey: `k/${v.id}/2`,
        fileName: 'p.pdf',
        contentType: 'application/pdf',
        status: 'VERIFIED',
        current: true,
        expiresOn: day(10),
        createdBy: 'x',
      },
      {
        id: `D-${v.id}-3`,
        operatorId: op.operatorId,
        vehicleId: v.id,
        docType: 'PERMIT',
        resourceKey: `k/${v.id}/3`,
        fileName: 'q.pdf',
        contentType: 'application/pdf',
        status: 'VERIFIED',
        current: true,
        expiresOn: day(90),
        createdBy: 'x',
      },
    ]);
    const add = (payload: object) => t.call({ method: 'POST', url: `${URL}/reminders`, token, payload });
    expect((await add({ vehicleId: v.id, kind: 'OIL_CHANGE', dueOn: day(-1) })).body.data.flag).toBe('OVERDUE');
    expect((await add({ vehicleId: v.id, kind: 'TYRES', dueOn: day(3) })).body.data.flag).toBe('DUE');
    expect((await add({ vehicleId: v.id, kind: 'SERVICE', dueOn: day(30) })).body.data.flag).toBe('OK');
    const byKm = await add({ vehicleId: v.id, kind: 'BRAKES', dueOdometerKm: 120_000, odometerKm: 119_700, note: 'Front pads' });
    expect(byKm.status).toBe(200);
    expect(byKm.body.data).toMatchObject({ flag: 'DUE', dueOn: null, dueOdometerKm: 120_000, note: 'Front pads', status: 'OPEN' });

    const list = await t.call({ method: 'GET', url: URL, token });
    expect(list.status).toBe(200);
    const mine = list.body.data.find((x: { vehicleId: string }) => x.vehicleId === v.id);
    expect(mine.documents.map((d: { docType: string; flag: string }) => `${d.docType}:${d.flag}`)).toEqual([
      'INSURANCE:OVERDUE',
      'PUC:DUE',
      'PERMIT:OK',
    ]);
    expect(mine.reminders).toHaveLength(4);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const token = op.owner.token;
    const cases: Array<[object, string]> = [
      [{ vehicleId: v.id, kind: 'OIL_CHANGE' }, 'Give a due date or a due odometer reading'],
      [{ vehicleId: v.id, kind: 'CAR_WASH', dueOn: day(3) }, 'Choose a service type'],
      [{ vehicleId: v.id, kind: 'TYRES', dueOn: '31/12/2026' }, 'Use a date like 2026-12-31'],
      [
        { vehicleId: v.id, kind: 'TYRES', dueOdometerKm: 1000, odometerKm: 2000 },
        'The due reading must be above the current odometer reading',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call({ method: 'POST', url: `${URL}/reminders`, token, payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await t.db.select().from(maintenanceReminders).where(eq(maintenanceReminders.operatorId, op.operatorId))).toHaveLength(0);

    const r = await t.call({
      method: 'POST',
      url: `${URL}/reminders`,
      token,
      payload: { vehicleId: v.id, kind: 'OIL_CHANGE', dueOn: day(2) },
    });
    const done = (payload: object) => t.call({ method: 'POST', url: `${URL}/reminders/${r.body.data.reminderId}/done`, token, payload });
    for (const [payload, message] of [
      [{ doneOn: day(0), costPaisa: -1 }, 'Enter the cost in paisa'],
      [{ doneOn: day(0), costPaisa: 12.5 }, 'Enter the cost in paisa'],
      [{ doneOn: day(0) }, 'Enter the cost in paisa'],
      [{ doneOn: day(1), costPaisa: 100 }, 'The done date cannot be in the future'],
    ] as Array<[object, string]>) {
      const res = await done(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const [row] = await t.db.select().from(maintenanceReminders).where(eq(maintenanceReminders.id, r.body.data.reminderId));
    expect(row?.status).toBe('OPEN');
    const ok = await done({ doneOn: day(0), costPaisa: 245_000, note: 'Castrol 15W-40' });
    expect(ok.body.data).toMatchObject({ status: 'DONE', flag: 'OK', costPaisa: 245_000, doneNote: 'Castrol 15W-40', doneOn: day(0) });
    expect((await done({ doneOn: day(0), costPaisa: 1 })).status).toBe(409);
  });

  it('scopes every call to the operator: another operator’s vehicle or reminder is 404', async () => {
    const a = await insertOperator(t.db);
    const b = await insertOperator(t.db);
    const va = await insertVehicle(t.db, a.operatorId);
    const mine = await t.call({
      method: 'POST',
      url: `${URL}/reminders`,
      token: a.owner.token,
      payload: { vehicleId: va.id, kind: 'TYRES', dueOn: day(5) },
    });
    const foreignVehicle = await t.call({
      method: 'POST',
      url: `${URL}/reminders`,
      token: b.owner.token,
      payload: { vehicleId: va.id, kind: 'TYRES', dueOn: day(5) },
    });
    expect(foreignVehicle.status).toBe(404);
    const foreignDone = await t.call({
      method: 'POST',
      url: `${URL}/reminders/${mine.body.data.reminderId}/done`,
      token: b.owner.token,
      payload: { doneOn: day(0), costPaisa: 100 },
    });
    expect(foreignDone.status).toBe(404);
    const listB = await t.call({ method: 'GET', url: URL, token: b.owner.token });
    expect(listB.body.data).toEqual([]);
    const [row] = await t.db.select().from(maintenanceReminders).where(eq(maintenanceReminders.id, mine.body.data.reminderId));
    expect(row?.status).toBe('OPEN');
  });

  it('needs VEHICLES_VIEW to read and VEHICLES_MANAGE to change', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const none = await insertSubordinate(t.db, op.operatorId, []);
    const viewer = await insertSubordinate(t.db, op.operatorId, ['VEHICLES_VIEW']);
    expect((await t.call({ method: 'GET', url: URL, token: none.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: URL, token: viewer.token })).status).toBe(200);
    const payload = { vehicleId: v.id, kind: 'TYRES', dueOn: day(5) };
    expect((await t.call({ method: 'POST', url: `${URL}/reminders`, token: viewer.token, payload })).status).toBe(403);
  });
});
