import { ACCOUNT_MESSAGES } from '@bhada/contracts/account/account';

/** The contract's English message → its key in this feature's locales, so Hindi users read Hindi. */
const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(ACCOUNT_MESSAGES as Record<string, string>).map(([key, text]) => [text, `account:errors.${key}`]),
);

export function accountMessage(t: (key: string) => string, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key ? t(key) : message;
}
