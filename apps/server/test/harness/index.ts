import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../app.ts';
import { operationsClient } from './operations.ts';
import { paymentsClient } from './payments.ts';
import { podClient, tripsAdminClient, tripsClient } from './trips.ts';

/**
 * The answer of one call, typed by the contract's schema for its 200 body (ADR 081).
 * `data` is what the contract promises on success; on a refusal it is absent, so assert `status` first.
 */
export interface Reply<T> {
  status: number;
  body: { success: boolean; data: T; message?: string; errorCode: string; field?: string };
}

/** What a contract schema parses into: the type a client call returns. */
export type Out<S extends z.ZodType> = z.output<S>;
/** What a contract schema accepts: the type a client call's body takes. */
export type In<S extends z.ZodType> = z.input<S>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call as one caller: the per-area clients are built over this. */
export type Send = <T>(method: Method, url: string, payload?: object, headers?: Record<string, string>) => Promise<Reply<T>>;

/** `?a=1&b=2` from the defined entries, or '' when there are none. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
}

function sender(t: TestApp, token: string | undefined): Send {
  return async <T>(method: Method, url: string, payload?: object, headers?: Record<string, string>) => {
    const opts: InjectOptions & { token?: string } = { method, url, token, headers };
    if (payload !== undefined) opts.payload = payload;
    return (await t.call(opts)) as Reply<T>;
  };
}

/** Every area's client for one caller (a session token, or nobody). */
export function clientsFor(t: TestApp, token?: string) {
  const send = sender(t, token);
  return {
    /** any call not (yet) in a client, typed by the caller */
    send,
    trips: tripsClient(send),
    pod: podClient(send),
    tripsAdmin: tripsAdminClient(send),
    payments: paymentsClient(send),
    operations: operationsClient(send),
  };
}

export type Clients = ReturnType<typeof clientsFor>;

/**
 * The typed test harness over `app.inject()`: `harness(t).as(token).trips.detail(id)` answers a
 * `Reply<TripDetail>`. `anonymous` calls with no session.
 */
export function harness(t: TestApp) {
  return { as: (token: string): Clients => clientsFor(t, token), anonymous: clientsFor(t) };
}

/**
 * One real app for the file (ADR 010) and its typed harness: call at the top of a test file, read
 * `ctx.t` / `ctx.h` inside tests.
 */
export function useTestApp(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; h: ReturnType<typeof harness> };
  beforeAll(async () => {
    ctx.t = await createTestApp(env);
    // pg-pool's end() resolves before its sockets close; the harness's DROP DATABASE … FORCE then
    // kills them, and an unheard pool 'error' would fail the run
    ctx.t.database.pool?.on('error', () => undefined);
    ctx.h = harness(ctx.t);
  });
  afterAll(async () => ctx.t.close());
  return ctx;
}
