import { verifyString } from './checksum.ts';

/**
 * The provider signs the exact JSON text of an answer's `body` and sends the signature in `head.signature`
 * (PAYMENT-GATEWAY.md "Checksum"). Reading the answer with JSON.parse loses that text (escapes, spacing), so
 * the member is cut out of the answer as it arrived; the re-serialised body is the fallback the provider's own
 * examples verify against.
 */

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i] as string)) i++;
  return i;
}

/** The index just past the JSON string that starts at `i` (a `"`), or -1. */
function endOfString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

/** The index just past the JSON value that starts at `i`, or -1 when the text is not JSON there. */
function endOfValue(text: string, i: number): number {
  if (text[i] === '"') return endOfString(text, i);
  if (text[i] !== '{' && text[i] !== '[') {
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    return m ? i + m[0].length : -1;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"') {
      j = endOfString(text, j) - 1;
      if (j < 0) return -1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/** The exact text of a top-level member of a JSON object text, or undefined. */
export function memberText(text: string, name: string): string | undefined {
  let i = skipWs(text, 0);
  if (text[i] !== '{') return undefined;
  i = skipWs(text, i + 1);
  while (i < text.length && text[i] === '"') {
    const keyEnd = endOfString(text, i);
    if (keyEnd < 0) return undefined;
    let key: unknown;
    try {
      key = JSON.parse(text.slice(i, keyEnd));
    } catch {
      return undefined;
    }
    i = skipWs(text, keyEnd);
    if (text[i] !== ':') return undefined;
    const start = skipWs(text, i + 1);
    const end = endOfValue(text, start);
    if (end < 0) return undefined;
    if (key === name) return text.slice(start, end);
    i = skipWs(text, end);
    if (text[i] !== ',') return undefined;
    i = skipWs(text, i + 1);
  }
  return undefined;
}

export type ParsedAnswer = { head: Record<string, unknown>; body: Record<string, unknown>; signed: boolean };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a `{ head, body }` answer and checks `head.signature` over its body; undefined when it is not JSON. */
export function readSignedAnswer(text: string, merchantKey: string): ParsedAnswer | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const head = isObject(parsed.head) ? parsed.head : {};
  const body = isObject(parsed.body) ? parsed.body : {};
  const signature = typeof head.signature === 'string' ? head.signature : '';
  const candidates = [memberText(text, 'body'), JSON.stringify(body)];
  const signed =
    Boolean(signature) && isObject(parsed.body) && candidates.some((c) => c !== undefined && verifyString(c, merchantKey, signature));
  return { head, body, signed };
}
