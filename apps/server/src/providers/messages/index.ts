import type { FastifyInstance } from 'fastify';
import { type Config, isProduction } from '../../config.ts';
import { sha256 } from '../../lib/crypto.ts';
import { msg91Adapter } from './msg91-adapter.ts';
import { MESSAGE_KINDS, type MessageKind, type MessageProvider, type Transport } from './port.ts';
import type { SmsSandboxConfig } from './sandbox/sms-sandbox.ts';

/** Where the SMS sandbox answers MSG91's API (never in production). */
export const SMS_SANDBOX_PREFIX = '/api/sandbox/sms';
/** Where MSG91 (or the sandbox) posts delivery reports, with `?key=` the webhook secret (ADR 266). */
export const SMS_REPORTS_PATH = '/api/messages/sms/reports';

export interface MessagesSetup {
  sms: MessageProvider;
  /** the key a delivery report's URL must carry */
  smsWebhookSecret: string;
  /** set when the sandbox's routes must be served */
  smsSandbox?: SmsSandboxConfig;
  undeliveredAfterSeconds: number;
}

/** The sandbox reached in-process: the same request and answer, without a network hop. */
function injectTransport(app: FastifyInstance): Transport {
  return async (url, init) => {
    const res = await app.inject({ method: init.method, url, headers: init.headers, payload: init.body });
    return { status: res.statusCode, text: async () => res.body };
  };
}

const templatesOf = (config: Config, fallback?: (kind: MessageKind) => string) => {
  const configured: Record<MessageKind, string | undefined> = {
    LOGIN_OTP: config.MSG91_TEMPLATE_LOGIN_OTP,
    TRIP_STAGE_OTP: config.MSG91_TEMPLATE_TRIP_STAGE_OTP,
  };
  const out: Partial<Record<MessageKind, string>> = {};
  for (const kind of MESSAGE_KINDS) {
    const id = configured[kind] ?? fallback?.(kind);
    if (id) out[kind] = id;
  }
  return out;
};

/**
 * Configuration picks the SMS provider (ADR 265): `msg91` speaks MSG91's Flow API at MSG91_HOST; `sandbox`
 * runs the built-in emulator of that API, reached in-process, which production never runs (the config
 * refuses to start without msg91 there).
 */
export function messagesSetup(config: Config, secret: string, app: FastifyInstance): MessagesSetup {
  const undeliveredAfterSeconds = config.SMS_UNDELIVERED_AFTER_SECONDS;
  if (config.SMS_PROVIDER === 'msg91') {
    return {
      undeliveredAfterSeconds,
      smsWebhookSecret: config.SMS_WEBHOOK_SECRET as string,
      sms: msg91Adapter({
        authKey: config.MSG91_AUTH_KEY as string,
        senderId: config.MSG91_SENDER_ID as string,
        templates: templatesOf(config),
        host: config.MSG91_HOST,
      }),
    };
  }
  if (isProduction(config)) throw new Error('SMS_PROVIDER: the SMS sandbox never runs in production');
  const authKey = config.MSG91_AUTH_KEY ?? sha256(`sms-sandbox:${secret}`).slice(0, 24);
  const templates = templatesOf(config, (kind) => `sandbox-${kind.toLowerCase()}`);
  const smsWebhookSecret = config.SMS_WEBHOOK_SECRET ?? sha256(`sms-webhook:${secret}`).slice(0, 32);
  return {
    undeliveredAfterSeconds,
    smsWebhookSecret,
    smsSandbox: {
      authKey,
      templates,
      reportDelayMs: config.SMS_SANDBOX_REPORT_DELAY_MS,
      reportUrl: `${SMS_REPORTS_PATH}?key=${encodeURIComponent(smsWebhookSecret)}`,
    },
    sms: msg91Adapter({
      name: 'sandbox',
      authKey,
      senderId: config.MSG91_SENDER_ID ?? 'BHADAS',
      templates,
      host: SMS_SANDBOX_PREFIX,
      transport: injectTransport(app),
    }),
  };
}
