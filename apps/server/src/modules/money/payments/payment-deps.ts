import type { PaymentResultStatus } from '@bhada/contracts/money/payments';
import { PAYMENTS_ERRORS, PAYMENTS_MESSAGES } from '@bhada/contracts/money/payments';
import type { Db } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { Actor } from '../../../plugins/auth.ts';
import type { PaymentProvider } from '../../../providers/payment/port.ts';
import type * as repo from './payments.repository.ts';

/** What the service needs from the outside; the routes build it (services never import Fastify). */
export interface PaymentsDeps {
  db: Db;
  /** null when no provider may run (the sandbox in production mode) */
  provider: PaymentProvider | null;
  callbackUrl: string;
  /** minutes after the order's creation at which a pending order is checked (the provider's schedule) */
  checkScheduleMinutes: number[];
  publish(orderId: string, status: PaymentResultStatus): Promise<void>;
  scheduleCheck(orderId: string, checkNo: number, at: Date): Promise<void>;
  /** tells the payer that a payment was received (a Settings-governed PAYMENTS message) */
  receipt?(order: Order): Promise<void>;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export type Order = repo.OrderRow;

export const MODE_NAMES: Record<string, string> = { DC: 'Debit Card', CC: 'Credit Card', UPI: 'UPI', NB: 'Net Banking' };

export function payerOf(actor: Actor): repo.PayerRef {
  if (actor.kind === 'CONSIGNER' && actor.consignerCode) return { payerType: 'CONSIGNER', payerId: actor.consignerCode };
  if ((actor.kind === 'OPERATOR' || actor.kind === 'SUBORDINATE') && actor.operatorId)
    return { payerType: 'OPERATOR', payerId: actor.operatorId };
  throw forbidden();
}

export function requireProvider(deps: PaymentsDeps): PaymentProvider {
  if (!deps.provider) throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  return deps.provider;
}
