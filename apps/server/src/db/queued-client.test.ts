import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queueQueries } from './queued-client.ts';

/** A connection that records how many queries it was answering at once, and in what order they came. */
function connection() {
  const seen = { running: 0, most: 0, order: [] as string[] };
  const client = {
    async query(text: string) {
      seen.running++;
      seen.most = Math.max(seen.most, seen.running);
      seen.order.push(text);
      await new Promise((resolve) => setImmediate(resolve));
      seen.running--;
      if (text === 'fail') throw new Error('refused');
      return { rows: [{ text }] };
    },
  };
  queueQueries(client as unknown as pg.PoolClient);
  return { client: client as unknown as pg.PoolClient, seen };
}

describe('queries on one connection', () => {
  it('are sent one after another in call order, each answered with its own rows', async () => {
    const { client, seen } = connection();
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => client.query(text)));
    expect(answers.map((a) => a.rows[0].text)).toEqual(['a', 'b', 'c']);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(['a', 'b', 'c']);
  });

  it('go on after one fails, and the failure reaches only its caller', async () => {
    const { client, seen } = connection();
    const [failed, next] = await Promise.allSettled([client.query('fail'), client.query('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ text: 'after' }] } });
    expect(seen.most).toBe(1);
  });
});
