import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';
import { notifyExpiringDocuments } from './documents.service.ts';
import { simulateParkedTrackers } from './fleet.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => t.close());

describe('fleet demo data', () => {
  it('gives every demo operator vehicles in every review state, expiring certificates, drivers with licences and GPS orders in each state', async () => {
    for (const op of ['OP1001', 'OP1002', 'OP1003']) {
      const token = await tokenFor(t.db, `USR-${op}`);
      const list = (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/operator/vehicles?pageSize=100', token })).body.data.list;
      const statuses = new Set(list.map((v: { status: string }) => v.status));
      expect([...statuses].sort(), op).toEqual(['PENDING', 'REJECTED', 'VERIFIED']);
      expect(list[0].status).toBe('REJECTED');
      expect(list.some((v: { expiringSoon: boolean }) => v.expiringSoon)).toBe(true);
      const drivers = (await t.call({ method: 'GET', url: '/api/fleet/drivers', token })).body.data;
      expect(drivers.length).toBeGreaterThan(0);
      expect(drivers.every((d: { licenceNumber: string | null }) => d.licenceNumber)).toBe(true);
      const orders = (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/gps/order-info', token })).body.data.orders;
      expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(['CANCELLED', 'INSTALLED', 'PLACED', 'SCHEDULED']);
      const map = (await t.call({ method: 'GET', url: '/api/fleet/map', token })).body.data;
      expect(map.vehicles.length).toBe(list.length);
      // maintenance (ADR 101): a few reminders, one overdue, one done with its cost
      const reminders = (await t.call({ method: 'GET', url: '/api/fleet/maintenance', token })).body.data.flatMap(
        (v: { reminders: Array<{ flag: string; status: string; costPaisa: number | null }> }) => v.reminders,
      );
      expect(reminders.length).toBeGreaterThanOrEqual(3);
      expect(reminders.filter((r: { flag: string }) => r.flag === 'OVERDUE')).toHaveLength(1);
      expect(reminders.some((r: { status: string; costPaisa: number | null }) => r.status === 'DONE' && r.costPaisa)).toBe(true);
    }
    const queue = (await t.call({ method: 'GET', url: '/api/admin/fleet/documents', token: await tokenFor(t.db, 'USR-ADMIN') })).body.data;
    expect(queue.length).toBeGreaterThanOrEqual(7);
    expect((await notifyExpiringDocuments(t.app.ctx)).sent).toBeGreaterThan(0);
  });

  it('the demo trackers of parked vehicles report, so the installed GPS vehicle is live on the map', async () => {
    const token = await tokenFor(t.db, 'USR-OP1001');
    const orders = (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/gps/order-info', token })).body.data.orders;
    const installed = orders.find((o: { status: string }) => o.status === 'INSTALLED');
    const before = (await t.call({ method: 'GET', url: '/api/fleet/map', token })).body.data.vehicles;
    expect(before.find((v: { vehicleId: string }) => v.vehicleId === installed.vehicleId).state).toBe('OFFLINE');
    expect((await simulateParkedTrackers(t.app.ctx)).moved).toBeGreaterThanOrEqual(3);
    const after = (await t.call({ method: 'GET', url: '/api/fleet/map', token })).body.data.vehicles;
    expect(after.find((v: { vehicleId: string }) => v.vehicleId === installed.vehicleId).state).not.toBe('OFFLINE');
  });
});
