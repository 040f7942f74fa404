import { randomInt } from 'node:crypto';
import {
  AUTH_MESSAGES,
  DEMO_OTP,
  type MenuType,
  OTP_MAX_SENDS,
  OTP_MAX_TRIES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  type OtpDelivery,
  SESSION_IDLE_DAYS,
  type SendOtpResponse,
  type UserKind,
  type VerifyOtpResponse,
} from '@bhada/contracts/account/auth';
import { ALL_PERMISSIONS, type PermissionCode } from '@bhada/contracts/account/users';
import type { Db } from '../../../db/client.ts';
import { randomToken, safeEqual, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { asConsignerCode, asOperatorId } from '../../../lib/tenancy.ts';
import type { Actor } from '../../../plugins/auth.ts';
import type { Notifier } from '../../../plugins/notifier.ts';
import type { MessageRow } from '../../../providers/messages/messages.repository.ts';
import * as repo from './auth.repository.ts';
import type { SessionCache } from './session-cache.ts';

export interface AuthDeps {
  db: Db;
  notifier: Notifier;
  secret: string;
  /** outside production the demo accounts accept DEMO_OTP */
  allowDemoCode: boolean;
  now?: () => Date;
}

/** What the delivery status of a login code reads (issue 46): the code's message, and the bound. */
export interface DeliveryDeps {
  db: Db;
  messageByKey(key: string): Promise<MessageRow | undefined>;
  undeliveredAfterSeconds: number;
  whatsappConfigured: boolean;
  now?: () => Date;
}

/** The message log's key of a login code's SMS: one message per code request, however often a job runs. */
export const loginCodeMessageKey = (requestId: string) => `LOGIN_OTP:${requestId}`;
/** A request for an unregistered phone reports "delivered" after this long, as a real one would. */
const UNREGISTERED_DELIVERED_AFTER_MS = 3_000;

const codeHash = (secret: string, phone: string, code: string) => sha256(`${secret}:${phone}:${code}`);
const IDLE_MS = SESSION_IDLE_DAYS * 24 * 3600 * 1000;
/** last-seen is written at most once a minute per session, not on every call */
const TOUCH_EVERY_MS = 60_000;

export function menuTypeFor(kind: UserKind): MenuType {
  if (kind === 'CONSIGNER') return 'CONSIGNER';
  if (kind === 'ADMIN') return 'ADMIN';
  return 'OPERATOR';
}

/**
 * Sends a login code. The answer is the same whether or not the phone has an account, and the
 * per-phone limit counts every request, so neither reveals who is registered.
 */
export async function sendOtp(deps: AuthDeps, phone: string, ip: string): Promise<SendOtpResponse> {
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000);
  // the cooldown and the limit count every request for the phone, registered or not
  const latestAt = await repo.latestCodeAt(deps.db, phone);
  if (latestAt && now.getTime() - latestAt.getTime() < OTP_RESEND_COOLDOWN_SECONDS * 1000) {
    throw new AppError('OTP_RESEND_COOLDOWN', AUTH_MESSAGES.otpResendCooldown);
  }
  if ((await repo.countRecentCodes(deps.db, phone, since)) >= OTP_MAX_SENDS) {
    throw new AppError('OTP_SEND_LIMIT', AUTH_MESSAGES.otpSendLimit);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const requestId = newId('OTP');
  await repo.insertCode(deps.db, {
    id: requestId,
    phone,
    codeHash: codeHash(deps.secret, phone, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    ip,
  });
  const user = await repo.findLiveUserByPhone(deps.db, phone);
  if (user) {
    await deps.notifier.send({
      channel: 'sms',
      to: phone,
      kind: 'LOGIN_OTP',
      subject: 'Bhada login code',
      text: `${code} is your Bhada login code. It expires in 5 minutes. Do not share it with anyone.`,
      // the provider's registered template takes the code as a variable; the request id sends it once
      variables: { otp: code },
      idempotencyKey: loginCodeMessageKey(requestId),
    });
  }
  return { sent: true as const, expiresInSeconds: OTP_TTL_SECONDS, requestId, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
}

/**
 * How far the code of one request has got. A request for an unregistered phone has no message: it reports
 * what a delivered code would, so the status tells no one which numbers are registered (ADR 268).
 */
export async function otpDelivery(deps: DeliveryDeps, requestId: string): Promise<OtpDelivery> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const request = await repo.findCodeById(deps.db, requestId);
  if (!request) throw new AppError('NOT_FOUND', 'Not found');
  const age = now - request.createdAt.getTime();
  const resendAfterSeconds = Math.max(0, Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - age / 1000));
  const message = await deps.messageByKey(loginCodeMessageKey(requestId));
  let state: OtpDelivery['state'];
  if (!message) state = age < UNREGISTERED_DELIVERED_AFTER_MS ? 'sent' : 'delivered';
  else if (message.state === 'delivered') state = 'delivered';
  else if (message.state === 'failed') state = 'not_delivered';
  else if (age > deps.undeliveredAfterSeconds * 1000) state = 'not_delivered';
  else state = message.state === 'sent' ? 'sent' : 'sending';
  return {
    state,
    channel: message?.channel ?? 'sms',
    whatsappOffered: state === 'not_delivered' && deps.whatsappConfigured,
    resendAfterSeconds,
  };
}

export async function verifyOtp(deps: AuthDeps, phone: string, otp: string): Promise<VerifyOtpResponse> {
  const now = deps.now?.() ?? new Date();
  const invalid = () => new AppError('OTP_INVALID', AUTH_MESSAGES.otpInvalid, { field: 'otp' });
  const user = await repo.findLiveUserByPhone(deps.db, phone);
  if (!user) throw invalid();

  const demo = deps.allowDemoCode && user.isDemo && otp === DEMO_OTP;
  if (!demo) {
    const latest = await repo.findLatestCode(deps.db, phone);
    if (!latest || latest.usedAt || latest.expiresAt <= now || latest.tries >= OTP_MAX_TRIES) throw invalid();
    // the try is counted before comparing, so a sixth try fails even with the right code
    const tries = await repo.addTry(deps.db, latest.id);
    if (tries > OTP_MAX_TRIES) throw invalid();
    if (!safeEqual(latest.codeHash, codeHash(deps.secret, phone, otp))) throw invalid();
    if (!(await repo.consumeCode(deps.db, latest.id))) throw invalid();
  }

  const accessToken = randomToken();
  await repo.insertSession(deps.db, { id: newId('SES'), tokenHash: sha256(accessToken), userId: user.id });
  const u = await repo.findUserForLogin(deps.db, user.id);
  if (!u) throw invalid();
  return { accessToken, userCode: u.userCode, operatorId: u.operatorId, name: u.name, locale: u.locale, menuType: menuTypeFor(u.kind) };
}

/**
 * The actor behind a token, or null when the token is unknown, revoked, idle too long or its user removed.
 * With a cache, a token seen recently is answered from memory until the database announces a change (ADR 153).
 */
export async function resolveSession(db: Db, token: string, now = new Date(), cache?: SessionCache): Promise<Actor | null> {
  const tokenHash = sha256(token);
  const at = now.getTime();
  const hit = cache?.get(tokenHash, at);
  if (hit) {
    if (at - hit.lastSeenAt > IDLE_MS) return null;
    if (at - hit.lastSeenAt > TOUCH_EVERY_MS) {
      await repo.touchSession(db, hit.actor.sessionId);
      hit.lastSeenAt = at;
    }
    return hit.actor;
  }
  const mark = cache?.mark() ?? 0;
  const found = await loadSession(db, { tokenHash }, now);
  if (found && cache) cache.put(tokenHash, mark, found, at);
  return found?.actor ?? null;
}

/** The actor of a session a signed stream ticket names: revocation and idle expiry still apply (ADR 091). */
export async function resolveSessionById(db: Db, sessionId: string, now = new Date()): Promise<Actor | null> {
  return (await loadSession(db, { sessionId }, now))?.actor ?? null;
}

async function loadSession(db: Db, by: { tokenHash: string } | { sessionId: string }, now: Date) {
  const row = await repo.findSessionUser(db, by);
  if (!row || row.revokedAt || row.deletedAt) return null;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeenAt > IDLE_MS) return null;
  if (now.getTime() - lastSeenAt > TOUCH_EVERY_MS) {
    await repo.touchSession(db, row.sessionId);
    lastSeenAt = now.getTime();
  }

  let permissions: PermissionCode[] = [];
  if (row.kind === 'OPERATOR' || row.kind === 'ADMIN') permissions = ALL_PERMISSIONS;
  else if (row.kind === 'SUBORDINATE' && row.roleId) permissions = (await repo.listRolePermissions(db, row.roleId)) as PermissionCode[];

  const actor: Actor = {
    userId: row.userId,
    userCode: row.userCode,
    sessionId: row.sessionId,
    kind: row.kind,
    name: row.name,
    phone: row.phone,
    locale: row.locale,
    // the session is the trust boundary where stored ids become tenant ids
    operatorId: row.operatorId ? asOperatorId(row.operatorId) : null,
    consignerCode: row.consignerCode ? asConsignerCode(row.consignerCode) : null,
    permissions: new Set(permissions),
  };
  return { actor, roleId: row.roleId, lastSeenAt };
}

export async function logout(db: Db, actor: Actor) {
  await repo.revokeSession(db, actor.sessionId);
}
