import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, streamTicket, type TestApp } from '../../test/app.ts';
import { insertOperator } from '../../test/factories.ts';

// ADR 150: hashed files are compressed at build and sent as they are; JSON is compressed on the fly;
// event streams never are.
let t: TestApp;
const web = mkdtempSync(join(tmpdir(), 'bhada-web-perf-'));
const script = `export const text = ${JSON.stringify('नमस्ते '.repeat(400))};\n`;
const manifest = JSON.stringify({ name: 'Bhada', start_url: '/', display: 'standalone' });
const worker = "self.addEventListener('fetch', () => {});\n";

function withCompressed(path: string, body: string) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  withCompressed(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  withCompressed(join(web, 'assets', 'index-abc123.js'), script);
  withCompressed(join(web, 'manifest.webmanifest'), manifest);
  withCompressed(join(web, 'sw.js'), worker);
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => t.close());

describe('web app delivery', () => {
  it('sends a hashed asset precompressed (brotli first, then gzip) with immutable caching', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the manifest and the service worker, always revalidated', async () => {
    const m = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toMatch(/manifest\+json/);
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(m.body)).toMatchObject({ name: 'Bhada', display: 'standalone' });

    const sw = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(worker);
  });

  it('sends client routes as the shell, compressed and never cached for long', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/web-view/active-loads', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('answers the root and deep client routes with the app to every client, compressed or not', async () => {
    // curl, a load balancer's health check or a proxy sends no Accept-Encoding
    for (const url of ['/', '/portal/fastag', '/?utm=readme', '/web-view/active-loads/']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type'], url).toMatch(/text\/html/);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toContain('<div id="root">');

      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toContain('<div id="root">');

      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.statusCode, url).toBe(200);
      expect(gunzipSync(gz.rawPayload).toString(), url).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    // a folder of the build is no page either, with or without compression: the shell, never a 403
    for (const encoding of [undefined, 'br']) {
      const folder = await t.app.inject({ method: 'GET', url: '/assets/', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(folder.statusCode, encoding).not.toBe(403);
    }
  });

  it('looks files up when asked instead of holding a route per file (ADR 190)', async () => {
    expect(t.app.printRoutes()).not.toContain('index-abc123');
    // a file that appears after the start is served like the others
    withCompressed(join(web, 'assets', 'later-def456.js'), script);
    const later = await t.app.inject({ method: 'GET', url: '/assets/later-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(later.statusCode).toBe(200);
    expect(later.headers['cache-control']).toContain('immutable');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a path out of the build, a hidden file or a missing asset with the JSON 404, never a file', async () => {
    writeFileSync(join(web, '.env'), 'SECRET=1');
    for (const url of ['/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/.env', '/assets/gone-000000.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
  });

  it('compresses JSON answers on the fly when accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { openapi: string };
    expect(body.openapi).toMatch(/^3\./);
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an event stream', async () => {
    const { owner } = await insertOperator(t.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const ticket = await streamTicket(t.app, owner.token, `user:${owner.userCode}`);
    const res = await fetch(`${address}/api/events/stream?topics=user:${owner.userCode}&ticket=${ticket}`, {
      signal: controller.signal,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const text = new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('event: ready');
    controller.abort();
  });
});
