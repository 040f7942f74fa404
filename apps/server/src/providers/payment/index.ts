import type { FastifyInstance } from 'fastify';
import { type Config, isProduction } from '../../config.ts';
import { sha256 } from '../../lib/crypto.ts';
import { paytmAdapter, type Transport } from './paytm-adapter.ts';
import type { PaymentProvider } from './port.ts';
import type { SandboxConfig } from './sandbox/sandbox.service.ts';

/** Where the sandbox answers, server-side and in the browser (PAYMENT-GATEWAY.md: "its own prefix"). */
export const SANDBOX_PREFIX = '/api/sandbox/pg';
export const SANDBOX_MID = 'BhadaSandbox00000001';

export interface PaymentSetup {
  provider: PaymentProvider | null;
  /** set when the sandbox's routes must be served */
  sandbox?: SandboxConfig;
  /** why no provider runs */
  disabledReason?: string;
}

/** The sandbox reached in-process: the same signed protocol, without a network hop. */
function injectTransport(app: FastifyInstance): Transport {
  return async (url, init) => {
    const res = await app.inject({ method: init.method, url, headers: init.headers, payload: init.body });
    return { status: res.statusCode, text: async () => res.body };
  };
}

/**
 * Configuration picks the provider (ADR 050): `paytm` talks to PAYTM_HOST with the merchant's keys;
 * `sandbox` runs the emulator, which refuses to start in production mode (its routes answer 404).
 */
export function paymentSetup(config: Config, secret: string, app: FastifyInstance): PaymentSetup {
  const publicBase = (config.PUBLIC_URL ?? '').replace(/\/$/, '');
  if (config.PAYMENT_PROVIDER === 'paytm') {
    const missing = [
      !config.PAYTM_MID && 'PAYTM_MID',
      !config.PAYTM_MERCHANT_KEY && 'PAYTM_MERCHANT_KEY',
      !publicBase && 'PUBLIC_URL (the provider posts its callback there)',
    ].filter(Boolean);
    if (missing.length) throw new Error(`PAYMENT_PROVIDER=paytm needs ${missing.join(', ')}`);
    if (Buffer.byteLength(config.PAYTM_MERCHANT_KEY as string) !== 16) throw new Error('PAYTM_MERCHANT_KEY must be 16 characters');
    const host = config.PAYTM_HOST.replace(/\/$/, '');
    return {
      provider: paytmAdapter({
        name: 'paytm',
        mid: config.PAYTM_MID as string,
        merchantKey: config.PAYTM_MERCHANT_KEY as string,
        apiBase: host,
        browserHost: host,
        websiteName: config.PAYTM_WEBSITE,
      }),
    };
  }
  if (isProduction(config)) {
    return { provider: null, disabledReason: 'the payment sandbox never runs in production; set PAYMENT_PROVIDER=paytm and its keys' };
  }
  const merchantKey = config.PAYTM_MERCHANT_KEY ?? sha256(`payment-sandbox:${secret}`).slice(0, 16);
  const mid = config.PAYTM_MID ?? SANDBOX_MID;
  return {
    sandbox: { mid, merchantKey, base: `${publicBase}${SANDBOX_PREFIX}`, pendingSeconds: config.PAYMENT_SANDBOX_PENDING_SECONDS },
    provider: paytmAdapter({
      name: 'sandbox',
      mid,
      merchantKey,
      apiBase: SANDBOX_PREFIX,
      browserHost: `${publicBase}${SANDBOX_PREFIX}`,
      websiteName: 'WEBSTAGING',
      transport: injectTransport(app),
    }),
  };
}
