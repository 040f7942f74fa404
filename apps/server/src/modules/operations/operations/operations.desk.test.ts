import { describe, expect, it } from 'vitest';
import { createConsignment, rows, useOperationsApp } from './operations.test-support.ts';

const ctx = useOperationsApp();

describe('who may call the desk', () => {
  it('operators and consigners get 403 on every admin and workflow call', async () => {
    const { h, operator, trip } = ctx;
    const calls = [
      { method: 'GET', url: '/api/admin/consignment/get?cId=X' },
      { method: 'POST', url: '/api/admin/consignment/update', payload: {} },
      { method: 'GET', url: '/api/admin/consignment/delete?cId=X' },
      { method: 'GET', url: '/api/consignment/getDocket?cCode=X' },
      { method: 'POST', url: '/api/consignment/saveDocket', payload: {} },
      { method: 'DELETE', url: '/api/consignment/deleteInvoice?invoiceId=X' },
      { method: 'POST', url: '/api/trips/collection', payload: {} },
      { method: 'GET', url: '/api/vehicle/scheduled' },
      { method: 'GET', url: '/api/vehicle/aggregatedMapDataForSchedule' },
    ] as const;
    for (const token of [operator, trip.consigner.user.token]) {
      for (const c of calls) {
        const res = await h.as(token).send(c.method, c.url, 'payload' in c ? c.payload : undefined);
        expect(res.status, `${c.method} ${c.url} ${JSON.stringify(res.body)}`).toBe(403);
      }
    }
  });

  it("a consigner sees only its own vehicles, documents and report rows; another consigner's demand is 404", async () => {
    const { h, trip, other } = ctx;
    const mine = await h.as(trip.consigner.user.token).operations.consignerVehicles();
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ pageNo: 0, pageSize: 10, totalCount: 1, totalPages: 1 });
    expect(mine.body.data.list[0]).toMatchObject({ vId: trip.vehicle.id, vNo: trip.vehicle.number, tripId: trip.tripId });

    const theirs = await h.as(other.consigner.user.token).operations.consignerVehicles();
    expect(theirs.body.data.list.map((v) => v.vId)).toEqual([other.vehicle.id]);

    const docs = await h.as(other.consigner.user.token).operations.demandDocuments(trip.demandId);
    expect(docs.status).toBe(404);
    const own = await h.as(trip.consigner.user.token).operations.demandDocuments(trip.demandId);
    expect(own.status).toBe(200);
    expect(own.body.data.tripId).toBe(trip.tripId);
  });

  it('filters page the vehicles with the spec page fields', async () => {
    const { h, trip } = ctx;
    const filters = await h.as(trip.consigner.user.token).operations.consignerFilters();
    expect(filters.body.data.lanes).toEqual([{ code: 'Jaipur|Delhi', label: 'Jaipur → Delhi' }]);
    const none = await h.as(trip.consigner.user.token).operations.consignerVehicles({ state: 'COMPLETED' });
    expect(none.body.data).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
    const bad = await h.as(trip.consigner.user.token).operations.consignerVehicles({ pageSize: 0 });
    expect(bad.status).toBe(400);
  });
});

describe('consignment admin', () => {
  it('creates and edits a consignment, keeping who changed what; a stale version is refused', async () => {
    const { h, admin, trip } = ctx;
    const c = await createConsignment(ctx);
    const edited = await h.as(admin).operations.saveConsignment({
      cId: c.cId,
      version: c.version,
      consignerCode: trip.consigner.consignerCode,
      tripId: trip.tripId,
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      loadType: 'CONTAINER',
      material: 'Cement bags',
      weightKg: 21000,
      packages: 400,
      freightInPaisa: 4_600_000,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Consignment updated successfully.');
    const got = await h.as(admin).operations.consignment(c.cId);
    expect(got.body.data.history[0]).toMatchObject({ action: 'UPDATED', actorName: 'Test Admin' });
    expect(got.body.data.history[0]?.changes.freightPaisa).toEqual([4_500_000, 4_600_000]);
    expect(got.body.data.history[0]?.changes.loadType).toEqual(['FTL', 'CONTAINER']);

    const stale = await h.as(admin).operations.saveConsignment({
      ...got.body.data,
      cId: c.cId,
      version: c.version,
      consignerCode: trip.consigner.consignerCode,
      material: 'Steel',
    });
    expect(stale.status).toBe(409);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { t, h, admin, trip } = ctx;
    const before = await rows(t, 'select count(*)::int as n from consignments');
    const res = await h.as(admin).operations.saveConsignment({
      consignerCode: trip.consigner.consignerCode,
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      loadType: 'SPACESHIP',
      material: 'x',
      weightKg: 5,
      freightInPaisa: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('loadType');
    expect(await rows(t, 'select count(*)::int as n from consignments')).toEqual(before);
  });

  it('deletes a clean consignment (twice is the same), and refuses one with money collected', async () => {
    const { h, admin } = ctx;
    const clean = await createConsignment(ctx, { tripId: null });
    for (let i = 0; i < 2; i++) {
      const del = await h.as(admin).operations.deleteConsignment(clean.cId);
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ cId: clean.cId, deleted: true });
    }
    expect((await h.as(admin).operations.consignment(clean.cId)).status).toBe(404);

    const paid = await createConsignment(ctx, { tripId: null });
    const col = await h
      .as(admin)
      .operations.collect(
        { code: paid.cCode, type: 'ADVANCE', mode: 'CASH', amountInPaisa: 100_000, status: 'COLLECTED' },
        `k-${paid.cId}`,
      );
    expect(col.status).toBe(200);
    const refused = await h.as(admin).operations.deleteConsignment(paid.cId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'CONSIGNMENT_LOCKED',
      message: 'This consignment has collections recorded and cannot be deleted.',
    });
    expect((await h.as(admin).operations.consignment(paid.cId)).status).toBe(200);
  });
});
