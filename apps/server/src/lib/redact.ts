/** Query parameters whose values are credentials of some kind: never written to a log (ADR 091). */
const SECRET_PARAM = /token|ticket|code|otp|sig|signature|checksum|key|secret|password/i;
/** Short names that carry a credential: `dt` is a report download link's token (ADR 043). */
const SECRET_NAMES = new Set(['dt']);

/** The URL as the request log keeps it: every credential-like query value replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()])
    if (SECRET_PARAM.test(name) || SECRET_NAMES.has(name.toLowerCase())) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (ip: string) => LOOPBACK.has(ip);
