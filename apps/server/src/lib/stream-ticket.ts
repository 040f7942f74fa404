import { hmac, safeEqual } from './crypto.ts';

/** How long a stream ticket opens (and re-opens) a stream. */
export const STREAM_TICKET_SECONDS = 60;

const signed = (secret: string, sessionId: string, expires: number, topics: string) =>
  hmac(secret, `stream-ticket|${sessionId}|${expires}|${topics}`);

/** Topics in one canonical order, so the ticket and the stream agree on what was granted. */
export const canonicalTopics = (topics: string) =>
  [
    ...new Set(
      topics
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
    .sort()
    .join(',');

/** A ticket for one session and one set of topics; it is not a session token and opens nothing else. */
export function issueStreamTicket(secret: string, sessionId: string, topics: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + STREAM_TICKET_SECONDS;
  const canonical = canonicalTopics(topics);
  return `${sessionId}.${expires}.${signed(secret, sessionId, expires, canonical)}`;
}

/** The session a ticket was issued to, when it is genuine, unexpired and for exactly these topics. */
export function readStreamTicket(secret: string, ticket: string, topics: string, now = Date.now()): string | undefined {
  const [sessionId, expiresText, signature, extra] = ticket.split('.');
  if (!sessionId || !expiresText || !signature || extra !== undefined) return undefined;
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires < Math.floor(now / 1000)) return undefined;
  return safeEqual(signature, signed(secret, sessionId, expires, canonicalTopics(topics))) ? sessionId : undefined;
}
