import { describe, expect, it } from 'vitest';
import { insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { type Method, useTestApp } from '../../../../test/harness/index.ts';
import { insertTrip } from './trips.test-factory.ts';
import { stateOf } from './trips.test-support.ts';

const ctx = useTestApp();

describe("another operator's trip", () => {
  it('is 404 on every trip call, including uploads and views', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const other = await insertOperator(t.db);
    const otherVehicle = await insertVehicle(t.db, other.operatorId);
    const id = trip.tripId;
    const calls: Array<{ method: Method; url: string; payload?: object }> = [
      { method: 'GET', url: `/api/rest/tesseract/v1/trip/${id}` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-detail?demand-id=${trip.demandId}` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/trip-state-detail?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-transactions?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-transactions?demand-id=${trip.demandId}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-expenses?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${id}` },
      { method: 'POST', url: '/api/odin/operator-app/upload-url', payload: { tripId: id, fileName: 'pod.jpg', docType: 'POD' } },
      {
        method: 'POST',
        url: '/api/odin/operator-app/upload-url',
        payload: { demandId: trip.demandId, fileName: 'pod.jpg', docType: 'POD' },
      },
      { method: 'POST', url: '/api/odin/operator-app/upload-confirm', payload: { tripId: id, resourceKey: `pod/${id}/x.jpg` } },
      { method: 'POST', url: '/api/odin/operator-app/upload-remove', payload: { tripId: id, resourceKey: `pod/${id}/x.jpg` } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/submit-pod', payload: { tripId: id, podResourceKeys: [`pod/${id}/x.jpg`] } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', payload: { tripId: id, stage: 'UNLOADING' } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/advance-state', payload: { tripId: id, toState: 'POD_SUBMITTED' } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/advance-state-view', payload: { tripId: id } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/state-change-alert', payload: { tripId: id, state: 'UNLOADED' } },
      { method: 'POST', url: '/api/odin/operator-app/trip/feedback-action', payload: { tripId: id, action: 'RATE', rating: 5 } },
      { method: 'POST', url: '/api/rest/tesseract/v1/chats/session/update-variables', payload: { tripId: id, actionType: 'POD' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/reasons?action=DELAY` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/slot?location=LOADING` },
      { method: 'PATCH', url: `/api/rest/tesseract/v2/trip/${id}/slot`, payload: { location: 'LOADING', start: new Date().toISOString() } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/loading-slot` },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/loading-slot`, payload: { start: new Date().toISOString() } },
      { method: 'GET', url: `/api/rest/tesseract/v1/trip/${id}/delay?type=TRANSIT` },
      { method: 'PATCH', url: `/api/rest/tesseract/v1/trip/${id}/delay`, payload: { type: 'TRANSIT', reasonCode: 'TRAFFIC' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/policy/expenses?type=DETENTION` },
      {
        method: 'POST',
        url: `/api/rest/tesseract/v2/trip/${id}/charges`,
        payload: { type: 'OTHER', amountInPaisa: 100, description: 'tea' },
      },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/invoice/upload-url?file=invoice.pdf` },
      { method: 'PATCH', url: `/api/rest/tesseract/v2/trip/${id}/invoice`, payload: { filePath: `pod/${id}/x.pdf` } },
      { method: 'DELETE', url: `/api/rest/tesseract/v2/trip/${id}/invoice` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/invoice/view-url?filePath=pod/${id}/x.pdf` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/cancel-reasons` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/cancel-confirmation` },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/cancel`, payload: { reasonCode: 'OTHER' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/replace-vehicle-reasons` },
      {
        method: 'POST',
        url: '/api/rest/tesseract/v2/trip/replace-vehice',
        payload: { tripId: id, vehicleId: otherVehicle.id, driverName: 'Suresh', driverNumber: '9876543210', reasonCode: 'OTHER' },
      },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/notifyconsigner`, payload: {} },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/document/${id}/bilti/view-urls` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/tracking` },
    ];
    const intruder = h.as(other.owner.token);
    const leaks: string[] = [];
    for (const c of calls) {
      const res = await intruder.send(c.method, c.url, c.payload);
      if (res.status !== 404) leaks.push(`${c.method} ${c.url} → ${res.status} ${res.body.errorCode}`);
    }
    expect(leaks).toEqual([]);
    expect((await intruder.trips.list({ filter: 'ALL' })).body.data.trips).toEqual([]);
    expect(await stateOf(t, id)).toBe('UNLOADED');
  });

  it('a sub-user without trip permissions is refused', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const sub = await insertSubordinate(t.db, trip.operator.operatorId, ['WALLET_VIEW']);
    expect((await h.as(sub.token).trips.detail(trip.tripId)).status).toBe(403);
  });
});

describe('lists and filters', () => {
  it('pages the operator trips by filter and marks one filter selected', async () => {
    const { t, h } = ctx;
    const operator = await insertOperator(t.db);
    for (const state of ['ASSIGNED', 'IN_TRANSIT', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED']) await insertTrip(t.db, { operator, state });
    const op = h.as(operator.owner.token);
    const page = await op.trips.list({ filter: 'ACTIVE', pageSize: 2, pageNo: 0 });
    expect(page.body.data).toMatchObject({ pageNo: 0, totalPageCount: 2, totalCount: 3 });
    expect(page.body.data.trips).toHaveLength(2);
    const { filters } = (await op.trips.filters('COMPLETED')).body.data;
    expect(filters.filter((f) => f.selected).map((f) => f.key)).toEqual(['COMPLETED']);
    expect(filters.find((f) => f.key === 'ALL')?.count).toBe(5);
  });
});
