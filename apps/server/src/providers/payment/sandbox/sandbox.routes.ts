import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { bankPage, callbackPage, SCRIPT_NONCE, statusPage } from './bank-page.ts';
import { bankIconSvg } from './catalogue.ts';
import * as sandbox from './sandbox.service.ts';

type Query = { mid?: string; orderId?: string };
type Handler = (db: Db, cfg: sandbox.SandboxConfig, query: Query, req: sandbox.Envelope) => Promise<unknown>;

/**
 * The sandbox provider's routes under its own prefix (PAYMENT-GATEWAY.md). Never registered in
 * production mode, so there every path here answers 404 (ADR 050).
 */
export const sandboxRoutes: FastifyPluginAsync<{ config: sandbox.SandboxConfig; db: () => Db }> = async (app, opts) => {
  const cfg = opts.config;
  const route = { schema: { hide: true }, config: { rateLimit: false } } as const;

  // the bank page and the callback are browser form posts
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const api = (path: string, handler: Handler) =>
    app.post(path, route, async (request) => handler(opts.db(), cfg, request.query as Query, (request.body ?? {}) as sandbox.Envelope));

  api('/theia/api/v1/initiateTransaction', sandbox.initiateTransaction);
  api('/theia/api/v1/updateTransactionDetail', sandbox.updateTransactionDetail);
  api('/theia/api/v2/fetchPaymentOptions', sandbox.fetchPaymentOptions);
  api('/fetchBinDetail', sandbox.fetchBinDetail);
  api('/theia/api/v1/vpa/validate', sandbox.validateVpa);
  api('/theia/api/v1/fetchNBPaymentChannels', sandbox.fetchNbChannels);
  api('/theia/api/v1/processTransaction', sandbox.processTransaction);
  api('/v3/order/status', (db, c, _q, req) => sandbox.orderStatus(db, c, req));

  // the sandbox's own pages (standing in for the provider's site) run their one small script under a nonce
  const html = (reply: FastifyReply, body: string, status = 200) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self' https:; frame-ancestors 'self'; base-uri 'self'`,
      )
      .send(body.replaceAll(SCRIPT_NONCE, nonce));
  };

  const showBank = async (orderId: string, reply: FastifyReply) => {
    const order = await sandbox.findSandboxOrder(opts.db(), orderId);
    if (!order) return html(reply, statusPage(cfg.base, undefined), 404);
    if (order.status !== 'PROCESSING') return html(reply, statusPage(cfg.base, order));
    return html(reply, bankPage(cfg.base, order));
  };
  app.post<{ Params: { orderId: string } }>('/bank/:orderId', route, async (request, reply) => showBank(request.params.orderId, reply));
  app.get<{ Params: { orderId: string } }>('/bank/:orderId', route, async (request, reply) => showBank(request.params.orderId, reply));

  app.post<{ Params: { orderId: string }; Body: { outcome?: string; otp?: string } }>(
    '/bank/:orderId/decide',
    route,
    async (request, reply) => {
      const chosen = request.body?.outcome;
      const outcome = chosen === 'SUCCESS' || chosen === 'FAILURE' || chosen === 'PENDING' ? chosen : 'FAILURE';
      const result = await sandbox.decide(opts.db(), cfg, request.params.orderId, outcome, request.body?.otp?.trim());
      if ('error' in result && result.error) {
        if (result.order) return html(reply, bankPage(cfg.base, result.order, result.error), 400);
        const order = await sandbox.findSandboxOrder(opts.db(), request.params.orderId);
        return html(reply, statusPage(cfg.base, order, result.error), 409);
      }
      return html(reply, callbackPage(result.callbackUrl, result.callback));
    },
  );

  app.post<{ Params: { orderId: string }; Body: { to?: string } }>('/bank/:orderId/resolve', route, async (request, reply) => {
    const to = request.body?.to === 'FAILURE' ? 'FAILURE' : 'SUCCESS';
    const row = await sandbox.resolvePending(opts.db(), request.params.orderId, to);
    const order = row ?? (await sandbox.findSandboxOrder(opts.db(), request.params.orderId));
    return html(reply, statusPage(cfg.base, order, row ? 'Resolved. Bhada will pick this up at its next status check.' : undefined));
  });

  app.get<{ Params: { file: string } }>('/icons/:file', route, async (request, reply) => {
    const svg = bankIconSvg(request.params.file.replace(/\.svg$/, ''));
    if (!svg) return reply.status(404).send({ success: false, message: 'Not found', errorCode: 'NOT_FOUND' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
};
