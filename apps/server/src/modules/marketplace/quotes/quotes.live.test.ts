import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenLocally, streamTicket, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator } from '../../../../test/factories.ts';
import { insertLoad } from '../loads/loads.test-helpers.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listenLocally(t.app);
});
afterAll(async () => t.close());

/**
 * How long a stream is read before the wait gives up and the test fails with its own message. A guard
 * against a hung stream, far above any delivery time: how fast events arrive is the bench's to measure.
 */
const GIVE_UP_MS = 12_000;

/** Reads SSE frames from a live stream until `match` returns true, the stream ends, or GIVE_UP_MS passes. */
async function waitForEvent(body: ReadableStream<Uint8Array>, match: (type: string, data: Record<string, unknown>) => boolean) {
  const ms = GIVE_UP_MS;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const type = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (data && match(type, JSON.parse(data))) return { type, data: JSON.parse(data) as Record<string, unknown> };
        cut = buffer.indexOf('\n\n');
      }
    }
    return null;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

describe('live leaderboard over SSE', () => {
  it('a bidder’s stream gets the new ranking after another operator’s quote, naming no one', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const one = await insertOperator(t.db);
    const two = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    const put = (token: string, value: number) =>
      fetch(`${base}/api/rest/tesseract/v1/load/${load.id}/quote`, {
        method: 'PUT',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ value }),
      }).then((r) => r.json() as Promise<{ data: { leaderboard: { tag: string; rank: number } } }>);
    const mine = await put(one.owner.token, 45000);
    const myTag = mine.data.leaderboard.tag;

    const ticket = await streamTicket(t.app, one.owner.token, `load:${load.id}`);
    const stream = await fetch(`${base}/api/events/stream?topics=load:${load.id}&ticket=${ticket}`);
    expect(stream.status).toBe(200);
    const ready = waitForEvent(stream.body!, (type) => type === 'ready');
    expect(await ready).not.toBeNull();

    const stream2 = await fetch(`${base}/api/events/stream?topics=load:${load.id}&ticket=${ticket}`);
    // how fast is the bench's to measure (ADR 022); here: the event arrives, with the right ranking
    const pending = waitForEvent(stream2.body!, (type, data) => type === 'leaderboard' && data.bidderCount === 2);
    await put(two.owner.token, 44321);
    const event = await pending;
    expect(event, 'no leaderboard event').not.toBeNull();
    const ranking = event!.data.ranking as string[];
    expect(ranking.indexOf(myTag) + 1).toBe(2); // operator 1 learns it was undercut
    expect(JSON.stringify(event!.data)).not.toContain(two.operatorId);
    expect(JSON.stringify(event!.data)).not.toContain('44321');
  });

  it('refuses the topic of a load the caller may not see', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const other = await insertConsigner(t.db, 'Another');
    const load = await insertLoad(t.db, consignerCode);
    const res = await t.call({
      method: 'POST',
      url: '/api/events/ticket',
      token: other.user.token,
      payload: { topics: `load:${load.id}` },
    });
    expect(res.status).toBe(404);
  });
});
