import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_MAX_SENDS,
  REFERRAL_CODE_TTL_SECONDS,
  type ReferralForm,
  type ReferralLink,
  referralMessage,
  SUPPORT_ERRORS,
  SUPPORT_MESSAGES,
} from '@bhada/contracts/support/support';
import type { Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { safeEqual, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { postEntry, withIdempotency } from '../../money/ledger/ledger.service.ts';
import * as repo from './referral.repository.ts';

export const JOIN_PATH = '/web-view/referral/join';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode() {
  let out = 'BH';
  for (let i = 0; i < 6; i++) out += CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)];
  return out;
}

const mask = (phone: string) => `${phone.slice(0, 2)}******${phone.slice(-2)}`;

async function codeFor(ctx: ServiceContext, operatorId: OperatorId) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.findCode(ctx.db, { operatorId });
    if (found) return found.code;
    await repo.insertCode(ctx.db, { operatorId, code: newCode() }).catch(() => undefined);
  }
  throw new AppError('CONFLICT', 'Please try again');
}

/** spec "GET /shield/referral/link": my code, link and invitation (Hindi by default), and my referrals. */
export async function referralLink(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<ReferralLink> {
  const code = await codeFor(ctx, p.operatorId);
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  const link = `${base}${JOIN_PATH}?code=${code}`;
  const rows = await repo.listReferrals(ctx.db, p);
  return {
    code,
    link,
    message: referralMessage(link),
    rewardInPaisa: ctx.config.REFERRAL_REWARD_IN_PAISA,
    referrals: rows.map(({ referral: r, registered }) => ({
      referralId: r.id,
      name: r.name,
      phone: mask(r.phone),
      city: r.city,
      fleetSize: r.fleetSize,
      status: r.status === 'JOINED' && registered ? 'REGISTERED' : r.status,
      rewardInPaisa: r.rewardPaisa ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    earnedInPaisa: rows.reduce((s, { referral: r }) => s + (r.status === 'REWARDED' ? (r.rewardPaisa ?? 0) : 0), 0),
  };
}

/** Wrong tries a join code allows, as a login code does. */
const JOIN_CODE_MAX_TRIES = 5;
const JOIN_CODE_WINDOW_MS = 15 * 60_000;
const joinCodeHash = (secret: string, phone: string, code: string) => sha256(`${secret}:referral:${phone}:${code}`);

/**
 * spec "POST /shield/referral/form-submit" (public, the join page): a truck operator who came through a
 * link leaves name, number, city and fleet size. One referral per number (the first link wins); an
 * operator's own number or a number already on Bhada is refused. The number is taken only when its owner
 * proves it (ADR 302): the first call sends a code to that phone, the same form with the code joins.
 */
export async function submitJoinForm(
  ctx: ServiceContext,
  p: { body: Required<Pick<ReferralForm, 'code' | 'name' | 'phone' | 'city'>> & { fleetSize: number; otp?: string }; ip?: string },
) {
  const code = p.body.code.trim().toUpperCase();
  const referrer = await repo.findReferrerByCode(ctx.db, { code });
  if (!referrer) throw new AppError(SUPPORT_ERRORS.REFERRAL_NOT_ALLOWED, SUPPORT_MESSAGES.referralUnknown, { field: 'code' });
  const user = await repo.findUserByPhone(ctx.db, { phone: p.body.phone });
  if (user?.operatorId === referrer.operatorId)
    throw new AppError(SUPPORT_ERRORS.REFERRAL_NOT_ALLOWED, SUPPORT_MESSAGES.referralOwn, { field: 'phone' });
  const taken = () => new AppError(SUPPORT_ERRORS.REFERRAL_NOT_ALLOWED, SUPPORT_MESSAGES.referralTaken, { field: 'phone' });
  if (user || (await repo.findReferralByPhone(ctx.db, { phone: p.body.phone }))) throw taken();

  const now = ctx.clock.now();
  if (!p.body.otp) {
    const since = new Date(now.getTime() - JOIN_CODE_WINDOW_MS);
    if ((await repo.countRecentConfirmations(ctx.db, { phone: p.body.phone, since })) >= REFERRAL_CODE_MAX_SENDS)
      throw new AppError(SUPPORT_ERRORS.REFERRAL_NOT_ALLOWED, SUPPORT_MESSAGES.referralCodeLimit, { field: 'phone' });
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertConfirmation(ctx.db, {
      id: newId('RFC'),
      phone: p.body.phone,
      codeHash: joinCodeHash(ctx.secret, p.body.phone, otp),
      expiresAt: new Date(now.getTime() + REFERRAL_CODE_TTL_SECONDS * 1000),
      ip: p.ip ?? null,
    });
    await ctx.notifier.send({
      channel: 'sms',
      to: p.body.phone,
      kind: 'REFERRAL_CODE',
      subject: 'Bhada joining code',
      text: `${otp} is your code to join Bhada. It expires in 10 minutes. Do not share it with anyone.`,
    });
    return { status: 'CODE_SENT' as const, expiresInSeconds: REFERRAL_CODE_TTL_SECONDS };
  }

  const invalid = () => new AppError(SUPPORT_ERRORS.REFERRAL_NOT_ALLOWED, SUPPORT_MESSAGES.referralCodeInvalid, { field: 'otp' });
  const latest = await repo.findLatestConfirmation(ctx.db, { phone: p.body.phone });
  if (!latest || latest.usedAt || latest.expiresAt <= now || latest.tries >= JOIN_CODE_MAX_TRIES) throw invalid();
  // the try is counted before comparing, so a sixth try fails even with the right code
  if ((await repo.addConfirmationTry(ctx.db, { id: latest.id })) > JOIN_CODE_MAX_TRIES) throw invalid();
  if (!safeEqual(latest.codeHash, joinCodeHash(ctx.secret, p.body.phone, p.body.otp))) throw invalid();
  if (!(await repo.consumeConfirmation(ctx.db, { id: latest.id }))) throw invalid();
  const inserted = await repo.insertReferral(ctx.db, {
    row: {
      id: newId('REF', 10),
      referrerOperatorId: referrer.operatorId,
      name: p.body.name,
      phone: p.body.phone,
      city: p.body.city,
      fleetSize: p.body.fleetSize,
    },
  });
  if (!inserted) throw taken();
  return { status: 'JOINED' as const, referralId: inserted.id };
}

/**
 * For the trips area, on every trip completion: when this operator came through a referral (its owner's
 * number joined through a link) and the referrer is not yet rewarded, credits the referrer's wallet with
 * the configured reward — PROMOTIONS → OPERATOR_WALLET, one ledger entry keyed by the referral, so two
 * completions at once (or a repeat) credit once. Answers whether this call credited.
 */
export async function rewardReferralOnFirstTrip(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>,
  p: { operatorId: OperatorId },
): Promise<{ credited: boolean; referralId: string | null; amountInPaisa: number }> {
  const referral = await repo.findUnrewardedFor(ctx.db, { operatorId: p.operatorId });
  if (!referral) return { credited: false, referralId: null, amountInPaisa: 0 };
  const amount = ctx.config.REFERRAL_REWARD_IN_PAISA;
  const { result, replayed } = await withIdempotency(
    ctx.db,
    { scope: 'referral-reward', key: referral.id, request: { referralId: referral.id, operatorId: p.operatorId } },
    async (tx: Db) => {
      const locked = (await repo.lockReferral(tx, { id: referral.id }))!;
      if (locked.status === 'REWARDED') return { credited: false, referralId: locked.id, amountInPaisa: 0 };
      if (amount <= 0) {
        await repo.updateReferral(tx, { id: locked.id, set: { status: 'REGISTERED', referredOperatorId: p.operatorId } });
        return { credited: false, referralId: locked.id, amountInPaisa: 0 };
      }
      const posted = await postEntry(tx, {
        kind: 'REFERRAL_REWARD',
        memo: memo('referralReward', { name: locked.name }),
        referenceType: 'REFERRAL',
        referenceId: locked.id,
        legs: [
          { account: accounts.promotions, amount: -amount },
          { account: accounts.operatorWallet(locked.referrerOperatorId), amount },
        ],
        metadata: { referredOperatorId: p.operatorId },
      });
      await repo.updateReferral(tx, {
        id: locked.id,
        set: {
          status: 'REWARDED',
          referredOperatorId: p.operatorId,
          rewardPaisa: amount,
          rewardEntryId: posted.entryId,
          rewardedAt: new Date(),
        },
      });
      return { credited: true, referralId: locked.id, amountInPaisa: amount };
    },
  );
  if (!replayed && result.credited) ctx.log.info({ referralId: result.referralId, amount }, 'referral reward credited');
  return replayed ? { ...result, credited: false } : result;
}
