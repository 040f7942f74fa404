import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The provider's checksum, as its published library computes it (PAYMENT-GATEWAY.md "Checksum"):
 * hash = sha256hex(text + "|" + salt) + salt, signature = base64(AES-128-CBC(hash, key, fixed IV)).
 * Signatures carry a random salt, so they are verified, never compared.
 */

const IV = '@@@@&&&&####$$$$';
const SALT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 16) throw new Error('the merchant key must be 16 bytes (AES-128)');
  return bytes;
}

function salt(): string {
  return [...randomBytes(4)].map((b) => SALT_CHARS[b % SALT_CHARS.length]).join('');
}

const hashWithSalt = (text: string, s: string) => createHash('sha256').update(`${text}|${s}`).digest('hex') + s;

function encrypt(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-cbc', keyBytes(key), IV);
  return cipher.update(text, 'utf8', 'base64') + cipher.final('base64');
}

function decrypt(encrypted: string, key: string): string | null {
  try {
    const decipher = createDecipheriv('aes-128-cbc', keyBytes(key), IV);
    return decipher.update(encrypted, 'base64', 'utf8') + decipher.final('utf8');
  } catch {
    return null;
  }
}

/**
 * How a field whose value is the text "null" is signed: the provider's PHP library blanks it (`blank`), its Node
 * library signs the text as it is (`text`). A missing value is blank in both (ADR 221).
 */
export type NullText = 'blank' | 'text';

/** The string the provider signs for form fields: values sorted by key, joined by `|`, without CHECKSUMHASH. */
export function stringOfParams(params: Record<string, string | null | undefined>, nulls: NullText = 'blank'): string {
  return Object.keys(params)
    .filter((k) => k !== 'CHECKSUMHASH')
    .sort()
    .map((k) => {
      const v = params[k];
      if (v === null || v === undefined) return '';
      return nulls === 'blank' && v.toLowerCase() === 'null' ? '' : v;
    })
    .join('|');
}

export function signString(text: string, key: string): string {
  return encrypt(hashWithSalt(text, salt()), key);
}

export function verifyString(text: string, key: string, signature: string): boolean {
  if (typeof signature !== 'string' || !signature) return false;
  const plain = decrypt(signature, key);
  if (!plain || plain.length < 5) return false;
  return hashWithSalt(text, plain.slice(-4)) === plain;
}

export const signParams = (params: Record<string, string | null | undefined>, key: string) => signString(stringOfParams(params), key);
/** Verifies form fields signed by either of the provider's libraries (they differ only on "null" values). */
export function verifyParams(params: Record<string, string | null | undefined>, key: string, signature: string): boolean {
  if (verifyString(stringOfParams(params, 'blank'), key, signature)) return true;
  const hasNullText = Object.entries(params).some(([k, v]) => k !== 'CHECKSUMHASH' && typeof v === 'string' && v.toLowerCase() === 'null');
  return hasNullText && verifyString(stringOfParams(params, 'text'), key, signature);
}
