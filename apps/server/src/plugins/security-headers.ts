import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options. They do not depend on the request, so they are worked out
 * once: building helmet's middleware parses the whole policy, and doing that on every request cost about
 * a tenth of a cached read's time (ADR 166).
 */
export function securityHeaders(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Helmet's security headers on every answer, set as the request arrives (errors and files included). */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app: FastifyInstance, options) => {
    const headers = securityHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      if (typeof raw.setHeaders === 'function') raw.setHeaders(headers);
      // the HTTP/2 response has no setHeaders (ADR 193)
      else for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
