import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationKind } from '@bhada/contracts/account/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { isLoopback } from '../lib/redact.ts';
import type { OperatorId } from '../lib/tenancy.ts';

export interface Message {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  /** a purpose tag for the dev page and tests, e.g. LOGIN_OTP */
  kind: string;
  /** files sent with an email (mailed reports); the outbox keeps each beside the message */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /**
   * A message the recipient may stop in Settings: its kind, and the user it is for (or the operator
   * whose owner it is for). Messages without one (login codes, OTPs, replies) always go.
   */
  preference?: { kind: NotificationKind; userId?: string; operatorId?: OperatorId };
  /**
   * An SMS of a kind a provider carries (ADR 265): the registered template's variables, and the key that makes
   * it go once per request however often it is asked. Without both the message stays on the outbox.
   */
  variables?: Record<string, string>;
  idempotencyKey?: string;
}
export type StoredMessage = Omit<Message, 'attachments'> & {
  id: string;
  sentAt: string;
  /** `withheld`: the recipient stopped this kind of message on this channel; nothing was sent */
  via: 'outbox' | 'smtp' | 'withheld' | 'provider';
  /** where the outbox wrote each attachment (a file name in the outbox folder) */
  attachments?: Array<{ filename: string; contentType: string; size: number; file: string }>;
};

/** Sends what users must receive: SMTP for email when configured, the outbox folder otherwise. */
export interface Notifier {
  send(message: Message): Promise<StoredMessage>;
  /** newest first; what the outbox holds */
  list(limit?: number): StoredMessage[];
}

/** The notifier the app holds: it also writes the outbox directly, and hands SMS to a provider once one is set. */
export interface OutboxNotifier extends Notifier {
  /** writes the message to the outbox (and mails it over SMTP when configured), whatever its channel */
  record(message: Message): Promise<StoredMessage>;
  /** from now on an SMS goes to `route` first; the outbox takes it when `route` answers null */
  routeSms(route: (message: Message) => Promise<StoredMessage | null>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: OutboxNotifier;
  }
}

export function createNotifier(config: Config): OutboxNotifier {
  const dir = join(config.DATA_DIR, 'outbox');
  mkdirSync(dir, { recursive: true });
  // nodemailer is loaded with the first mail, and only when mail is configured (ADR 169)
  const smtpUrl = config.SMTP_URL;
  let transport: Promise<Transporter> | undefined;
  const smtp = smtpUrl ? () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl))) : null;
  let smsRoute: ((message: Message) => Promise<StoredMessage | null>) | undefined;
  const notifier: OutboxNotifier = {
    routeSms(route) {
      smsRoute = route;
    },
    async send(message) {
      if (message.channel === 'sms' && smsRoute) {
        const routed = await smsRoute(message);
        if (routed) return routed;
      }
      return notifier.record(message);
    },
    async record({ attachments, preference: _preference, variables: _variables, idempotencyKey: _key, ...message }) {
      const stored: StoredMessage = {
        ...message,
        id: newId('MSG'),
        sentAt: new Date().toISOString(),
        via: smtp && message.channel === 'email' ? 'smtp' : 'outbox',
      };
      if (stored.via === 'smtp' && smtp) {
        await (await smtp()).sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments,
        });
      }
      if (attachments?.length) {
        stored.attachments = attachments.map((a, i) => {
          const file = `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}-${i}-${a.filename.replace(/[^A-Za-z0-9._-]/g, '_')}`;
          writeFileSync(join(dir, file), a.content);
          return { filename: a.filename, contentType: a.contentType, size: a.content.length, file };
        });
      }
      // every message is also written to the outbox: the audit trail and the dev page read it
      writeFileSync(join(dir, `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`), JSON.stringify(stored, null, 2));
      return stored;
    },
    list(limit = 100) {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, limit)
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMessage);
    },
  };
  return notifier;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const notifierPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const notifier = createNotifier(opts.config);
    app.decorate('notifier', notifier);
    if (opts.config.NODE_ENV === 'production') return;
    // dev page: what the portal "sent" (login codes, alerts, reports). It shows every login code, so it
    // answers this machine only unless DEV_TOOLS_OPEN says otherwise (ADR 093)
    const devOnly = async (request: FastifyRequest) => {
      if (!opts.config.DEV_TOOLS_OPEN && !isLoopback(request.ip)) throw new AppError('NOT_FOUND', 'Not found');
    };
    app.get('/api/dev/outbox', { schema: { hide: true }, onRequest: devOnly }, async (_request, reply) => {
      const rows = notifier
        .list(200)
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.sentAt)}</td><td>${m.channel}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.kind)}</td><td><b>${escapeHtml(m.subject)}</b><br>${escapeHtml(m.text)}</td></tr>`,
        )
        .join('');
      reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Outbox</title><style>body{font-family:sans-serif;margin:1rem}td{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top}</style><h1>Outbox</h1><table>${rows || '<tr><td>No messages yet</td></tr>'}</table>`,
        );
    });
    app.get('/api/dev/outbox.json', { schema: { hide: true }, onRequest: devOnly }, async () => ({
      success: true,
      data: notifier.list(200),
      errorCode: '200',
    }));
  },
  { name: 'notifier' },
);
