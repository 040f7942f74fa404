import { envelopeSchema } from '@bhada/contracts/common';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { requireKind } from '../../plugins/auth.ts';
import { createDispatcher, type Dispatcher } from './dispatcher.ts';
import { type MessagesSetup, SMS_REPORTS_PATH } from './index.ts';
import * as repo from './messages.repository.ts';
import { isMessageKind } from './port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messages: { dispatcher: Dispatcher; setup: MessagesSetup };
  }
}

const reportAnswerSchema = z.object({ accepted: z.number().int(), changed: z.number().int() });
const logRowSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  kind: z.string(),
  recipient: z.string(),
  provider: z.string(),
  providerMessageId: z.string().nullable(),
  state: z.enum(['queued', 'sent', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The message channels (issue 46): the dispatcher on the job queue, the provider's delivery-report webhook and
 * the log the support desk reads. SMS of a provider-carried kind leave the notifier for the dispatcher here.
 */
const plugin: FastifyPluginAsyncZod<{ setup: MessagesSetup; secret: string }> = async (app, opts) => {
  const { setup } = opts;
  const dispatcher = createDispatcher({
    db: () => app.db,
    jobs: app.jobs,
    secret: opts.secret,
    providers: { sms: setup.sms },
    log: app.log,
  });
  app.decorate('messages', { dispatcher, setup });

  app.notifier.routeSms(async (message) => {
    if (!isMessageKind(message.kind) || !message.variables || !message.idempotencyKey) return null;
    const { id } = await dispatcher.enqueue({
      channel: 'sms',
      kind: message.kind,
      to: message.to,
      variables: message.variables,
      idempotencyKey: message.idempotencyKey,
    });
    return {
      channel: 'sms',
      to: message.to,
      subject: message.subject,
      text: message.text,
      kind: message.kind,
      id,
      sentAt: new Date().toISOString(),
      via: 'provider',
    };
  });

  // MSG91 posts its version-2 reports as a form, the newer webhooks as JSON; both are read here
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      SMS_REPORTS_PATH,
      {
        config: { rateLimit: false },
        schema: {
          tags: ['messages'],
          summary: 'SMS delivery reports from the provider (MSG91 webhook); the URL carries the webhook key as ?key=',
          querystring: z.object({ key: z.string().max(200).optional() }),
          response: { 200: envelopeSchema(reportAnswerSchema) },
        },
      },
      async (request) => {
        // MSG91 signs no report: the key we put in the webhook URL is what proves the sender (ADR 266)
        const { key } = request.query as { key?: string };
        if (!key || !safeEqual(key, setup.smsWebhookSecret)) {
          request.log.warn('sms delivery report refused: wrong key');
          throw new AppError('UNAUTHENTICATED', 'Not signed in');
        }
        const reports = setup.sms.readReports(request.body);
        if (!reports) throw new AppError('VALIDATION_FAILED', 'Not a delivery report');
        const changed = await dispatcher.applyReports(setup.sms, reports);
        return ok({ accepted: reports.length, changed });
      },
    );
  });

  app.get(
    '/api/admin/messages',
    {
      preValidation: requireKind('ADMIN'),
      schema: {
        tags: ['messages'],
        summary: 'The message log for the support desk: state per message, never its code',
        querystring: z.object({
          recipient: z
            .string()
            .regex(/^\d{10}$/, 'a 10-digit mobile number')
            .optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: envelopeSchema(z.array(logRowSchema)) },
      },
    },
    async (request) => {
      const rows = await repo.listForSupport(app.db, request.query);
      return ok(
        rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: iso(r.sentAt),
          deliveredAt: iso(r.deliveredAt),
          failedAt: iso(r.failedAt),
        })),
      );
    },
  );
};

/** Registered unencapsulated: other areas read `app.messages` (the auth routes, tests). */
export const messagesRoutes = fp(plugin, { name: 'messages', dependencies: ['jobs', 'notifier'] });
