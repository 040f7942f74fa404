import { PAYMENTS_MESSAGES } from '@bhada/contracts/money/payments';

/**
 * The contracts' English texts (validation, the server's errors and result remarks) → this feature's
 * i18n keys, so Hindi users read Hindi; a bank's own message is shown as the bank wrote it.
 */
const KEY_BY_MESSAGE: Record<string, string> = {
  [PAYMENTS_MESSAGES.invalidAmount]: 'payments:errors.invalidAmount',
  [PAYMENTS_MESSAGES.amountTooHigh]: 'payments:errors.amountTooHigh',
  [PAYMENTS_MESSAGES.somethingWentWrongTryAgain]: 'payments:errors.tryAgain',
  [PAYMENTS_MESSAGES.somethingWentWrong]: 'payments:errors.generic',
  [PAYMENTS_MESSAGES.amountMismatch]: 'payments:errors.amountMismatch',
  [PAYMENTS_MESSAGES.orderClosed]: 'payments:errors.orderClosed',
  [PAYMENTS_MESSAGES.sessionExpired]: 'payments:errors.sessionExpired',
  [PAYMENTS_MESSAGES.providerFailed]: 'payments:errors.providerFailed',
  [PAYMENTS_MESSAGES.pendingWait]: 'payments:result.pendingWait',
  [PAYMENTS_MESSAGES.notConfirmed]: 'payments:result.notConfirmed',
  [PAYMENTS_MESSAGES.notCompleted]: 'payments:result.notCompleted',
  [PAYMENTS_MESSAGES.moreThanDue]: 'payments:errors.moreThanDue',
  [PAYMENTS_MESSAGES.nothingDue]: 'payments:errors.nothingDue',
  [PAYMENTS_MESSAGES.paymentOpen]: 'payments:errors.paymentOpen',
  [PAYMENTS_MESSAGES.keptAsCredit]: 'payments:result.keptAsCredit',
};

export function translatePaymentMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_BY_MESSAGE[message];
  return key ? t(key) : message;
}
