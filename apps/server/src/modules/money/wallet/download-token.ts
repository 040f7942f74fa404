import { DOWNLOAD_TOKEN_TTL_SECONDS, type ReportName, WALLET_ERRORS, WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import { hmac, safeEqual, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { asOperatorId, type OperatorId } from '../../../lib/tenancy.ts';
import { isStatementLang, type StatementLang } from './statement-text.ts';

/**
 * A report link opened in a new tab cannot send the session header, and a session token in a URL
 * leaks into history and logs. So the link carries a short-lived token signed with the app secret,
 * bound to one report, one user and the exact query it was issued for (ADR 043).
 */
export interface DownloadClaims {
  report: ReportName;
  userId: string;
  operatorId: OperatorId;
  /** the statement's language, fixed when the link is issued (ADR 140) */
  lang: StatementLang;
  /** the session the link was issued in: the link dies with it (logout) */
  sessionId: string;
  /** epoch seconds */
  expiresAt: number;
}

/** query keys that are not part of what the token grants (the web client's cache-buster) */
const IGNORED = new Set(['dt', '_ts', 'token']);

function paramsHash(params: Record<string, unknown>): string {
  const pairs = Object.entries(params)
    .filter(([k, v]) => !IGNORED.has(k) && v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify(pairs)).slice(0, 32);
}

const encode = (text: string) => Buffer.from(text).toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

export function signDownloadToken(
  secret: string,
  claims: Omit<DownloadClaims, 'expiresAt' | 'lang' | 'sessionId'> & { expiresAt?: number; lang?: StatementLang; sessionId?: string },
  params: Record<string, unknown>,
  now = Date.now(),
): { token: string; expiresAt: number } {
  const expiresAt = claims.expiresAt ?? Math.floor(now / 1000) + DOWNLOAD_TOKEN_TTL_SECONDS;
  const body = encode(
    JSON.stringify({
      r: claims.report,
      u: claims.userId,
      o: claims.operatorId,
      l: claims.lang ?? 'en',
      s: claims.sessionId ?? '',
      e: expiresAt,
      p: paramsHash(params),
    }),
  );
  return { token: `${body}.${hmac(secret, `download\n${body}`)}`, expiresAt };
}

/** Checks signature, expiry, report and query; answers who the link was issued to. */
export function verifyDownloadToken(
  secret: string,
  token: string | undefined,
  report: ReportName,
  query: Record<string, unknown>,
  now = Date.now(),
): DownloadClaims {
  const invalid = () => new AppError(WALLET_ERRORS.DOWNLOAD_LINK_INVALID, WALLET_MESSAGES.linkInvalid);
  const [body, sig] = (token ?? '').split('.');
  if (!body || !sig || !safeEqual(sig, hmac(secret, `download\n${body}`))) throw invalid();
  let parsed: { r: string; u: string; o: string; l?: string; s?: string; e: number; p: string };
  try {
    parsed = JSON.parse(decode(body));
  } catch {
    throw invalid();
  }
  if (parsed.r !== report || parsed.p !== paramsHash(query)) throw invalid();
  if (!(parsed.e > Math.floor(now / 1000))) throw new AppError(WALLET_ERRORS.DOWNLOAD_LINK_EXPIRED, WALLET_MESSAGES.linkExpired);
  return {
    report,
    userId: parsed.u,
    operatorId: asOperatorId(parsed.o),
    lang: isStatementLang(parsed.l) ? parsed.l : 'en',
    sessionId: parsed.s ?? '',
    expiresAt: parsed.e,
  };
}
