import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, streamTicket, type TestApp } from '../../test/app.ts';
import { insertOperator } from '../../test/factories.ts';

let t: TestApp;
const web = mkdtempSync(join(tmpdir(), 'bhada-web-'));
beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'index-abc.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => t.close());

describe('serving and cross-cutting plugins', () => {
  it('serves client routes with index.html and unknown API paths as a JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/portal/ums' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);

    const api = await t.call({ method: 'GET', url: '/api/no/such/call' });
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('tags every answer with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^REQ-/);
  });

  it('signs file URLs that stop working when tampered with or expired', async () => {
    const url = await t.app.storage.uploadUrl('test/a.txt', 'text/plain');
    const put = await t.app.inject({ method: 'PUT', url, payload: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(put.statusCode).toBe(200);
    const view = await t.app.storage.viewUrl('test/a.txt');
    expect((await t.app.inject({ method: 'GET', url: view })).body).toBe('hello');
    expect((await t.app.inject({ method: 'GET', url: view.replace('test/a.txt', 'test/b.txt') })).statusCode).toBe(403);
    const expired = await t.app.storage.viewUrl('test/a.txt', -1);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('refuses event topics the caller may not follow', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await t.call({ method: 'POST', url: '/api/events/ticket', token: owner.token, payload: { topics: 'user:SOMEONE-ELSE' } });
    expect(res.status).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/events/stream?topics=user:x' })).status).toBe(401);
  });

  it('delivers a published event to a subscribed stream', async () => {
    const { owner } = await insertOperator(t.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const ticket = await streamTicket(t.app, owner.token, `user:${owner.userCode}`);
    const res = await fetch(`${address}/api/events/stream?topics=user:${owner.userCode}&ticket=${ticket}`, {
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value);
    await t.app.events.publish({ topic: `user:${owner.userCode}`, type: 'notice', data: { hello: 'world' } });
    while (!text.includes('event: notice')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('"hello":"world"');
    controller.abort();
  });
});
