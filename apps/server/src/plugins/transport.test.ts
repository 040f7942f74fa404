import { type ClientHttp2Session, connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, streamTicket, type TestApp } from '../../test/app.ts';
import { insertOperator } from '../../test/factories.ts';
import { loopbackCertificate } from '../../test/tls-certificate.ts';
import { loadConfig } from '../config.ts';

// ADR 193: with a certificate the server speaks HTTPS itself, HTTP/2 first and HTTP/1.1 for older clients
const tls = loopbackCertificate();

let t: TestApp;
let port: number;
let h2: ClientHttp2Session;
beforeAll(async () => {
  t = await createTestApp(tls);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  h2 = connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
});
afterAll(async () => {
  h2?.close();
  await t.close();
});

/** One HTTP/2 request; its status, headers and as much of the body as arrives before `until` says stop. */
function get2(path: string, headers: Record<string, string> = {}, until?: (body: string) => boolean) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const stream = h2.request({ ':path': path, ...headers });
    let status = 0;
    let answer: Record<string, unknown> = {};
    let body = '';
    stream.on('response', (h) => {
      status = Number(h[':status']);
      answer = h;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (until?.(body)) {
        stream.close();
        resolve({ status, headers: answer, body });
      }
    });
    stream.on('end', () => resolve({ status, headers: answer, body }));
    stream.on('error', reject);
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('answers over HTTP/2 with the same security headers', async () => {
    const res = await get2('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an HTTP/1.1 client on the same port', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest({ host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it('keeps an event stream open over HTTP/2', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const topics = `fleet:${operatorId}`;
    const ticket = await streamTicket(t.app, owner.token, topics);
    const res = await get2(`/api/events/stream?topics=${encodeURIComponent(topics)}&ticket=${ticket}`, {}, (body) =>
      body.includes('event: ready'),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('event: ready');
  });

  it('refuses a certificate without its key at start', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: tls.TLS_CERT_FILE })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
  });
});
