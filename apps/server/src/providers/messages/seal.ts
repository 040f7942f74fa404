import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A queued message's variables (a login code among them) sealed with AES-256-GCM under a key derived from
 * the app secret: the database keeps them only until the message leaves the queue, and never readable (ADR 266).
 */
const keyOf = (secret: string) => createHash('sha256').update(`message-variables:${secret}`).digest();

export function seal(secret: string, variables: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(variables), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string): Record<string, string> | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as Record<string, string>;
  } catch {
    return null;
  }
}
