import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import type { BusEvent } from '../../../plugins/events.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from '../../money/fastag/fastag.test-helpers.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
const count = async (table: string, where: string) => {
  const r = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]!.n);
};

/** An operator with a funded tag and one toll it disputes. */
async function disputedToll(amount = 41_500) {
  const { operatorId, owner } = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operatorId);
  const tagId = await insertTag(t.db, operatorId, vehicle.id);
  await fundTag(t.db, tagId, 100_000);
  const toll = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount })));
  const txnId: string = toll.body.data.txnId;
  const dispute = await t.call({
    method: 'POST',
    url: `/api/fastag/transactions/${txnId}/dispute`,
    token: owner.token,
    payload: { reason: 'Charged twice' },
  });
  return { operatorId, owner, vehicle, tagId, txnId, ticketId: dispute.body.data.ticketId as string };
}

const tollRow = async (token: string, vehicleId: string) =>
  (await t.call({ method: 'GET', url: `/api/fastag/transactions/v3/${vehicleId}?transactionType=DEBIT`, token })).body.data.list[0];

describe('tickets: access', () => {
  it("lists the operator's own tickets; another operator's ticket, message and photo are not found; the desk is the admin's", async () => {
    const a = await disputedToll();
    const b = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, a.operatorId, ['TRIPS_VIEW']);
    const consigner = await insertConsigner(t.db);

    const list = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/ticket?pageNo=0&pageSize=10', token: a.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ totalCount: 1, pageNo: 0, pageSize: 10 });
    expect(list.body.data.tickets[0]).toMatchObject({ ticketId: a.ticketId, category: 'FASTAG_DISPUTE', status: 'OPEN' });
    expect((await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/ticket', token: b.owner.token })).body.data.totalCount).toBe(0);

    const url = `/api/rest/tesseract/v1/ticket/${a.ticketId}`;
    expect((await t.call({ method: 'GET', url, token: b.owner.token })).status).toBe(404);
    const before = await count('ticket_messages', `ticket_id = '${a.ticketId}'`);
    expect((await t.call({ method: 'POST', url: `${url}/messages`, token: b.owner.token, payload: { message: 'hi' } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${url}/upload-url`, token: b.owner.token, payload: { fileName: 'a.png' } })).status).toBe(
      404,
    );
    expect((await t.call({ method: 'POST', url: `${url}/close`, token: b.owner.token })).status).toBe(404);
    expect(await count('ticket_messages', `ticket_id = '${a.ticketId}'`)).toBe(before);
    // the live thread is not theirs either
    expect(
      (await t.call({ method: 'POST', url: '/api/events/ticket', token: b.owner.token, payload: { topics: `ticket:${a.ticketId}` } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: '/api/events/ticket', token: a.owner.token, payload: { topics: `ticket:${a.ticketId}` } }))
        .status,
    ).toBe(200);

    // a subordinate whose role lacks tickets
    expect((await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/ticket', token: sub.token })).status).toBe(403);
    // the desk: refused to operators and consigners
    for (const token of [a.owner.token, consigner.user.token, sub.token]) {
      expect((await t.call({ method: 'GET', url: '/api/admin/tickets', token })).status).toBe(403);
      expect(
        (
          await t.call({
            method: 'POST',
            url: `/api/admin/tickets/${a.ticketId}/resolve`,
            token,
            payload: { outcome: 'OPERATOR_FAVOUR', note: 'x' },
          })
        ).status,
      ).toBe(403);
    }
    expect(await count('tickets', `id = '${a.ticketId}' and status = 'OPEN'`)).toBe(1);
  });

  it('raises a ticket by hand with the chat page context, and again on the same trip into the same ticket', async () => {
    const { operator, tripId } = await insertTrip(t.db);
    const { owner } = operator;
    const payload = {
      category: 'TRIP_DELAY',
      referenceType: 'TRIP',
      referenceId: tripId,
      subject: 'Unloading delayed',
      message: 'Consignee not accepting',
      context: { vNum: 'RJ14GA1234', lane: 'Jaipur → Delhi', q: 'delay' },
    };
    const first = await t.call({ method: 'POST', url: '/api/rest/tesseract/v1/ticket', token: owner.token, payload });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'OPEN', details: { vNum: 'RJ14GA1234', lane: 'Jaipur → Delhi' }, messageCount: 1 });
    const again = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/ticket',
      token: owner.token,
      payload: { ...payload, message: 'Still waiting' },
    });
    expect(again.body.data.ticketId).toBe(first.body.data.ticketId);
    expect(again.body.data.messages.map((m: { body: string }) => m.body)).toEqual(['Consignee not accepting', 'Still waiting']);

    const bad = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/ticket',
      token: owner.token,
      payload: { ...payload, category: 'NOPE' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('tickets: messages', () => {
  it('refuses a 1 MB body and a fake image, storing nothing; script tags are kept as plain text', async () => {
    const a = await disputedToll();
    const url = `/api/rest/tesseract/v1/ticket/${a.ticketId}`;
    const huge = await t.call({
      method: 'POST',
      url: `${url}/messages`,
      token: a.owner.token,
      payload: { message: 'x'.repeat(1024 * 1024) },
    });
    expect([400, 413]).toContain(huge.status);
    const long = await t.call({ method: 'POST', url: `${url}/messages`, token: a.owner.token, payload: { message: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    const empty = await t.call({ method: 'POST', url: `${url}/messages`, token: a.owner.token, payload: { message: '   ' } });
    expect(empty.status).toBe(400);

    const issued = await t.call({ method: 'POST', url: `${url}/upload-url`, token: a.owner.token, payload: { fileName: 'receipt.png' } });
    expect(issued.status).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: issued.body.data.url,
      payload: Buffer.from('<html><script>alert(1)</script></html>'),
      headers: { 'content-type': 'image/png' },
    });
    const fake = await t.call({
      method: 'POST',
      url: `${url}/messages`,
      token: a.owner.token,
      payload: { message: 'see photo', attachmentKeys: [issued.body.data.resourceKey] },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.errorCode).toBe('FILE_REJECTED');
    expect(await count('ticket_messages', `ticket_id = '${a.ticketId}'`)).toBe(0);
    expect(await t.app.storage.exists(issued.body.data.resourceKey)).toBe(false);
    // a key of nothing uploaded, or of another ticket
    const ghost = await t.call({
      method: 'POST',
      url: `${url}/messages`,
      token: a.owner.token,
      payload: { attachmentKeys: ['tickets/x/y.png'] },
    });
    expect(ghost.status).toBe(400);
    const exe = await t.call({ method: 'POST', url: `${url}/upload-url`, token: a.owner.token, payload: { fileName: 'run.exe' } });
    expect(exe.status).toBe(400);

    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const sent = await t.call({ method: 'POST', url: `${url}/messages`, token: a.owner.token, payload: { message: script } });
    expect(sent.status).toBe(200);
    const thread = await t.call({ method: 'GET', url, token: a.owner.token });
    expect(thread.body.data.messages).toHaveLength(1);
    expect(thread.body.data.messages[0]).toMatchObject({ author: 'OPERATOR', body: script, attachments: [] });

    const photo = await t.call({ method: 'POST', url: `${url}/upload-url`, token: a.owner.token, payload: { fileName: 'toll.png' } });
    expect(
      (await t.app.inject({ method: 'PUT', url: photo.body.data.url, payload: PNG, headers: { 'content-type': 'image/png' } })).statusCode,
    ).toBe(200);
    const withPhoto = await t.call({
      method: 'POST',
      url: `${url}/messages`,
      token: a.owner.token,
      payload: { attachmentKeys: [photo.body.data.resourceKey] },
    });
    expect(withPhoto.status).toBe(200);
    expect(withPhoto.body.data.attachments).toHaveLength(1);
    const view = await t.app.inject({ method: 'GET', url: withPhoto.body.data.attachments[0].viewUrl });
    expect(view.headers['content-type']).toContain('image/png');
    // a photo is attached once
    const reuse = await t.call({
      method: 'POST',
      url: `${url}/messages`,
      token: a.owner.token,
      payload: { attachmentKeys: [photo.body.data.resourceKey] },
    });
    expect(reuse.status).toBe(400);
  });

  it("the desk's reply reaches the operator's open thread live, picks the ticket up and notifies the raiser", async () => {
    const a = await disputedToll();
    const admin = await insertAdmin(t.db);
    const seen: BusEvent[] = [];
    const off = t.app.events.subscribe(`ticket:${a.ticketId}`, (e) => seen.push(e));
    const mine: BusEvent[] = [];
    const offUser = t.app.events.subscribe(`user:${a.owner.userCode}`, (e) => mine.push(e));
    try {
      const queue = await t.call({ method: 'GET', url: '/api/admin/tickets?status=OPEN&sort=oldest', token: admin.token });
      expect(queue.status).toBe(200);
      expect(queue.body.data.tickets.some((r: { ticketId: string }) => r.ticketId === a.ticketId)).toBe(true);
      const reply = await t.call({
        method: 'POST',
        url: `/api/admin/tickets/${a.ticketId}/messages`,
        token: admin.token,
        payload: { message: 'Checking with the issuer' },
      });
      expect(reply.status).toBe(200);
      expect(seen.map((e) => e.type)).toContain('ticket.message');
      const event = seen.find((e) => e.type === 'ticket.message')!.data as { message: { body: string; author: string } };
      expect(event.message).toMatchObject({ body: 'Checking with the issuer', author: 'SUPPORT' });
      expect(mine.map((e) => e.type)).toContain('ticket.reply');
    } finally {
      off();
      offUser();
    }
    const detail = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/ticket/${a.ticketId}`, token: a.owner.token });
    expect(detail.body.data.status).toBe('IN_PROGRESS');
    // a ticket being worked on still counts as open on the toll row
    expect((await tollRow(a.owner.token, a.vehicle.id)).ticket).toBe(1);
    const outbox = t.app.notifier.list(20).filter((m) => m.kind === 'TICKET_REPLY' && m.to === a.owner.phone);
    expect(outbox.length).toBeGreaterThan(0);
  });
});

describe('tickets: resolving a toll dispute', () => {
  it("credits the tag exactly once when resolved twice at the same moment, and the toll row's open count goes", async () => {
    const a = await disputedToll(41_500);
    const admin = await insertAdmin(t.db);
    const before = await balanceOf(t.db, accounts.fastag(a.tagId));
    const resolveOnce = () =>
      t.call({
        method: 'POST',
        url: `/api/admin/tickets/${a.ticketId}/resolve`,
        token: admin.token,
        payload: { outcome: 'OPERATOR_FAVOUR', note: 'The plaza charged twice; refunded.' },
      });
    const [r1, r2] = await Promise.all([resolveOnce(), resolveOnce()]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(await balanceOf(t.db, accounts.fastag(a.tagId))).toBe(before + 41_500);
    expect(await count('fastag_transactions', `tag_id = '${a.tagId}' and kind = 'TOLL_REVERSAL'`)).toBe(1);
    expect(await count('journal_entries', `kind = 'TOLL_REVERSAL' and reference_id = 'DISPUTE-${a.ticketId}'`)).toBe(1);
    const again = await resolveOnce();
    expect(again.status).toBe(200);
    expect(await balanceOf(t.db, accounts.fastag(a.tagId))).toBe(before + 41_500);
    expect(again.body.data).toMatchObject({ status: 'RESOLVED', outcome: 'OPERATOR_FAVOUR' });
    expect(again.body.data.creditedTxnId).toBeTruthy();
    expect((await tollRow(a.owner.token, a.vehicle.id)).ticket).toBe(0);
    // the note reached the thread once
    expect(again.body.data.messages.filter((m: { body: string }) => m.body.startsWith('The plaza')).length).toBe(1);
    // a different outcome later is refused and changes nothing
    const other = await t.call({
      method: 'POST',
      url: `/api/admin/tickets/${a.ticketId}/resolve`,
      token: admin.token,
      payload: { outcome: 'REJECTED', note: 'no' },
    });
    expect(other.status).toBe(409);
    expect((await checkLedger(t.db)).ok).toBe(true);
    // the operator can no longer write on a resolved ticket
    const late = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v1/ticket/${a.ticketId}/messages`,
      token: a.owner.token,
      payload: { message: 'thanks' },
    });
    expect(late.status).toBe(409);
  });

  it('a dispute rejected moves no money; a bad outcome is a 400', async () => {
    const a = await disputedToll(20_000);
    const admin = await insertAdmin(t.db);
    const before = await balanceOf(t.db, accounts.fastag(a.tagId));
    const bad = await t.call({
      method: 'POST',
      url: `/api/admin/tickets/${a.ticketId}/resolve`,
      token: admin.token,
      payload: { outcome: 'MAYBE', note: 'x' },
    });
    expect(bad.status).toBe(400);
    const res = await t.call({
      method: 'POST',
      url: `/api/admin/tickets/${a.ticketId}/resolve`,
      token: admin.token,
      payload: { outcome: 'REJECTED', note: 'The toll was correct for class 12.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.creditedTxnId).toBeNull();
    expect(await balanceOf(t.db, accounts.fastag(a.tagId))).toBe(before);
    expect((await t.call({ method: 'GET', url: `/api/admin/tickets/${a.ticketId}`, token: admin.token })).body.data.status).toBe(
      'RESOLVED',
    );
    expect((await t.call({ method: 'GET', url: '/api/admin/tickets/TKT-NOPE', token: admin.token })).status).toBe(404);
  });
});
