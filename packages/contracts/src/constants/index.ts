/**
 * Plain values the web app's first screen needs, in a module without zod, so the login page can use them
 * without downloading the schema library before the first input is sent (ADR 151). `common` and `auth`
 * re-export them; import from here only where the weight of zod matters.
 */

/** spec: any errorCode other than "200" is a failure (marketplace §5). */
export const SUCCESS_CODE = '200';

/** Outside production the seeded demo accounts also accept this code (login page says so). */
export const DEMO_OTP = '123456';
