import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors.ts';
import { isLoopback } from '../../../lib/redact.ts';
import type { OutboxNotifier } from '../../../plugins/notifier.ts';
import { type MessageKind, renderTemplate, SMS_TEMPLATES } from '../port.ts';

export interface SmsSandboxConfig {
  /** the `authkey` header the sandbox accepts */
  authKey: string;
  /** template id per kind, as the adapter sends them */
  templates: Partial<Record<MessageKind, string>>;
  reportDelayMs: number;
  /** our webhook, with its key, where the sandbox posts delivery reports */
  reportUrl: string;
}

/**
 * What the sandbox does with a number, by its last four digits (README, "SMS sandbox"): 9901 the API answers
 * a temporary failure, 9902 accepted and reported failed, 9903 accepted and never reported (dropped), 9904
 * accepted and reported delivered ten times later than usual. Any other number: delivered.
 */
export type SandboxFate = 'temporary-failure' | 'fail' | 'drop' | 'delay' | 'deliver';
export function sandboxFate(mobile: string): SandboxFate {
  const tail = mobile.slice(-4);
  if (tail === '9901') return 'temporary-failure';
  if (tail === '9902') return 'fail';
  if (tail === '9903') return 'drop';
  if (tail === '9904') return 'delay';
  return 'deliver';
}

type FlowBody = { template_id?: unknown; sender?: unknown; recipients?: unknown };

/**
 * The built-in SMS provider (ADR 267): MSG91's `POST /api/v5/flow` with its `authkey` header, its JSON body and
 * its answers, which delivers to the development outbox page and posts MSG91's version-2 delivery report to our
 * webhook. Never registered in production. `POST /settings` (this machine only) makes the next sends fail.
 */
export const smsSandboxRoutes: FastifyPluginAsync<{
  config: SmsSandboxConfig;
  notifier: OutboxNotifier;
  devToolsOpen: boolean;
  /** posts a form to our own webhook (in-process) */
  post: (url: string, form: Record<string, string>) => Promise<unknown>;
}> = async (app, opts) => {
  const cfg = opts.config;
  const route = { schema: { hide: true }, config: { rateLimit: false } } as const;
  const kindOfTemplate = new Map(Object.entries(cfg.templates).map(([kind, id]) => [id, kind as MessageKind]));
  const timers = new Set<NodeJS.Timeout>();
  const settings = { failNext: 0, reportDelayMs: cfg.reportDelayMs };
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });

  const later = (ms: number, run: () => Promise<unknown>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run().catch((err) => app.log.warn({ err }, 'sms sandbox report not posted'));
    }, ms);
    timers.add(timer);
  };

  app.post('/api/v5/flow', route, async (request, reply) => {
    const error = (status: number, message: string, code: string) => reply.status(status).send({ type: 'error', message, code });
    if (request.headers.authkey !== cfg.authKey) return error(401, 'Authentication failure', '418');
    const body = (request.body ?? {}) as FlowBody;
    const kind = typeof body.template_id === 'string' ? kindOfTemplate.get(body.template_id) : undefined;
    if (!kind) return error(400, 'Invalid template id', '211');
    if (typeof body.sender !== 'string' || !/^[A-Z]{6}$/.test(body.sender)) return error(400, 'Invalid sender id', '207');
    const recipients = Array.isArray(body.recipients) ? (body.recipients as Array<Record<string, unknown>>) : [];
    if (recipients.length === 0) return error(400, 'Recipients missing', '202');
    const template = SMS_TEMPLATES[kind];
    for (const r of recipients) {
      if (typeof r?.mobiles !== 'string' || !/^91[6-9]\d{9}$/.test(r.mobiles)) return error(400, 'Invalid mobile number', '203');
      const missing = template.variables.filter((v) => typeof r[v] !== 'string');
      if (missing.length) return error(400, `Variables missing: ${missing.join(', ')}`, '212');
    }
    if (settings.failNext > 0) {
      settings.failNext -= 1;
      return error(503, 'Service temporarily unavailable', '503');
    }
    if (recipients.some((r) => sandboxFate(r.mobiles as string) === 'temporary-failure')) {
      return error(503, 'Service temporarily unavailable', '503');
    }
    const requestId = randomBytes(12).toString('hex');
    for (const r of recipients) {
      const mobile = r.mobiles as string;
      const variables = Object.fromEntries(Object.entries(r).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const text = renderTemplate(template.text, variables);
      // the development outbox is the sandbox's phone
      await opts.notifier.record({ channel: 'sms', to: mobile.slice(2), kind, subject: `SMS from ${body.sender}`, text });
      const fate = sandboxFate(mobile);
      if (fate === 'drop') continue;
      const delivered = fate !== 'fail';
      const report = {
        senderId: body.sender,
        requestId,
        report: [
          {
            date: new Date().toISOString().slice(0, 19).replace('T', ' '),
            number: mobile,
            status: delivered ? '1' : '2',
            desc: delivered ? 'DELIVERED' : 'FAILED',
            failedReason: delivered ? '' : 'Sandbox: handset unreachable',
          },
        ],
        userId: 'sandbox',
        campaignName: 'API',
      };
      later(fate === 'delay' ? settings.reportDelayMs * 10 : settings.reportDelayMs, () =>
        opts.post(cfg.reportUrl, { data: JSON.stringify([report]) }),
      );
    }
    return { type: 'success', message: requestId };
  });

  const devOnly = async (request: FastifyRequest) => {
    if (!opts.devToolsOpen && !isLoopback(request.ip)) throw new AppError('NOT_FOUND', 'Not found');
  };
  app.post<{ Body: { failNext?: number; reportDelayMs?: number } }>('/settings', { ...route, onRequest: devOnly }, async (request) => {
    const b = request.body ?? {};
    if (Number.isInteger(b.failNext) && (b.failNext as number) >= 0) settings.failNext = b.failNext as number;
    if (Number.isInteger(b.reportDelayMs) && (b.reportDelayMs as number) >= 0) settings.reportDelayMs = b.reportDelayMs as number;
    return { ...settings };
  });
};
