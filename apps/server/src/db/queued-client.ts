import type pg from 'pg';

const ignore = () => {};

/**
 * One connection answers one query at a time. pg 8 queues a query sent while another runs (with a
 * deprecation warning) and pg 9 refuses it, yet code inside a transaction, which is one connection, may
 * read in parallel (`Promise.all` over the same `tx`). This sends a connection's promise-style queries
 * one after another, in the order they were called; callback and streaming calls (the pool's own)
 * pass straight through.
 */
export function queueQueries(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  const queued = (...args: unknown[]) => {
    const [config, values, callback] = args;
    const streaming = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (streaming || typeof values === 'function' || typeof callback === 'function') return send(...args);
    const run = tail.then(() => send(...args));
    tail = run.then(ignore, ignore);
    return run;
  };
  client.query = queued as typeof client.query;
}
