import { SUCCESS_CODE } from '@bhada/contracts/common';

/** The success envelope (ARCHITECTURE §4). */
export function ok<T>(data: T, message?: string) {
  return { success: true as const, data, message, errorCode: SUCCESS_CODE };
}
