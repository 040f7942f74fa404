import {
  ACCOUNT_MESSAGES,
  type AppConfig,
  DEFAULT_ACTIVE_SCREEN,
  DEFAULT_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type Profile,
  type ProfileUpdate,
  type Settings,
  type SettingsUpdate,
  type VehicleAvailability,
} from '@bhada/contracts/account/account';
import type { ServiceContext } from '../../../lib/context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './account.repository.ts';
import { declaredFlags } from './tds.service.ts';

const mask = (n: string) => `${'X'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;

/**
 * Verification as the marketplace needs it (ADR 110): PAN, a settlement bank account and at least one
 * vehicle make a VERIFIED account; some of them PENDING; none UNVERIFIED.
 */
export function verificationOf(p: { pan: boolean; bank: boolean; vehicles: boolean }): Profile['verification'] {
  const have = [p.pan, p.bank, p.vehicles].filter(Boolean).length;
  return have === 3 ? 'VERIFIED' : have === 0 ? 'UNVERIFIED' : 'PENDING';
}

/** spec "GET /rest/tesseract/v1/profile": the operator's company, owner, compliance and fleet. */
export async function getProfile(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<Profile> {
  const [op, prof, phone, fleetSize, until, flags] = await Promise.all([
    repo.findOperator(ctx.db, p),
    repo.findProfile(ctx.db, p),
    repo.findOwnerPhone(ctx.db, p),
    repo.countVehicles(ctx.db, p),
    repo.findMembershipUntil(ctx.db, p),
    declaredFlags(ctx, { operatorId: p.operatorId, on: ctx.clock.now() }),
  ]);
  if (!op) throw notFound('Operator not found');
  const bank =
    prof?.bankAccountNumber && prof.bankIfsc
      ? { accountName: prof.bankAccountName ?? '', accountNumberMasked: mask(prof.bankAccountNumber), ifsc: prof.bankIfsc }
      : null;
  const active = Boolean(until && until.getTime() > ctx.clock.now().getTime());
  return {
    operatorId: op.id,
    companyName: op.companyName,
    ownerName: prof?.ownerName ?? op.name,
    phone: phone ?? '',
    email: prof?.email ?? null,
    city: op.city,
    gstin: prof?.gstin ?? null,
    pan: prof?.pan ?? null,
    bank,
    membership: { active, activeUntil: active && until ? until.toISOString() : null },
    verification: verificationOf({ pan: Boolean(prof?.pan), bank: Boolean(bank), vehicles: fleetSize > 0 }),
    fleetSize,
    operative: prof?.operative ?? true,
    tdsDeclared: flags.tdsDeclared,
    undertakingDeclared: flags.undertakingDeclared,
  };
}

/** Profile edits: each field checked by its contract; a GSTIN must carry the operator's PAN. */
export async function updateProfile(ctx: ServiceContext, p: { operatorId: OperatorId; update: ProfileUpdate }): Promise<Profile> {
  const { update } = p;
  const current = await repo.findProfile(ctx.db, p);
  const pan = update.pan === undefined ? (current?.pan ?? null) : update.pan;
  const gstin = update.gstin === undefined ? (current?.gstin ?? null) : update.gstin;
  if (gstin && pan && gstin.slice(2, 12) !== pan) throw badRequest(ACCOUNT_MESSAGES.gstinPan, 'gstin');
  if (!(await repo.findOperator(ctx.db, p))) throw notFound('Operator not found');
  await repo.updateOperator(ctx.db, {
    operatorId: p.operatorId,
    patch: {
      ...(update.companyName !== undefined ? { companyName: update.companyName } : {}),
      ...(update.city !== undefined ? { city: update.city } : {}),
    },
  });
  await repo.upsertProfile(ctx.db, {
    operatorId: p.operatorId,
    patch: {
      ...(update.ownerName !== undefined ? { ownerName: update.ownerName } : {}),
      ...(update.email !== undefined ? { email: update.email } : {}),
      ...(update.gstin !== undefined ? { gstin: update.gstin } : {}),
      ...(update.pan !== undefined ? { pan: update.pan } : {}),
      ...(update.bank !== undefined
        ? {
            bankAccountName: update.bank?.accountName ?? null,
            bankAccountNumber: update.bank?.accountNumber ?? null,
            bankIfsc: update.bank?.ifsc ?? null,
          }
        : {}),
    },
  });
  return getProfile(ctx, p);
}

/** spec "PATCH /rest/tesseract/v1/profile/operative": whether the operator takes loads now. */
export async function setOperative(ctx: ServiceContext, p: { operatorId: OperatorId; operative: boolean }): Promise<Profile> {
  if (!(await repo.findOperator(ctx.db, p))) throw notFound('Operator not found');
  await repo.upsertProfile(ctx.db, { operatorId: p.operatorId, patch: { operative: p.operative } });
  return getProfile(ctx, p);
}

/** spec "profile/onboarding/unsubsribe": no more onboarding messages for this operator. */
export async function unsubscribeOnboarding(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<{ unsubscribed: boolean }> {
  await repo.upsertProfile(ctx.db, { operatorId: p.operatorId, patch: { onboardingUnsubscribed: true } });
  return { unsubscribed: true };
}

/** Whether onboarding messages may still go to the operator (the messaging side asks this). */
export async function onboardingMessagesAllowed(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<boolean> {
  return !(await repo.findProfile(ctx.db, p))?.onboardingUnsubscribed;
}

// ---------- app config ----------

/**
 * spec "GET /rest/tesseract/v1/config/app": the operator's row over the defaults (walletRechargeSource
 * RAZORPAY, activeScreen 2); the membership price and title are the configured plan's.
 */
export async function getAppConfig(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<AppConfig> {
  const row = await repo.findAppConfig(ctx.db, p);
  return {
    subscriptionAmountInPaisa: ctx.config.SUBSCRIPTION_AMOUNT_IN_PAISA,
    subscriptionTitle: ctx.config.SUBSCRIPTION_TITLE,
    loadScreen: row?.loadScreen ?? 'LIST',
    activeScreen: row?.activeScreen ?? DEFAULT_ACTIVE_SCREEN,
    walletRechargeSource: row?.walletRechargeSource ?? 'RAZORPAY',
    showWarningBottomBanner: row?.showWarningBottomBanner ?? false,
    buyGpsLink: row?.buyGpsLink ?? '/web-view/buy-gps',
    feedBackWidget: row?.feedbackWidget ?? true,
    show_vehicle_availability_card: row?.showVehicleAvailabilityCard ?? true,
  };
}

export async function updateAppConfig(
  ctx: ServiceContext,
  p: {
    operatorId: OperatorId;
    update: Partial<
      Pick<AppConfig, 'loadScreen' | 'activeScreen' | 'showWarningBottomBanner' | 'feedBackWidget' | 'show_vehicle_availability_card'>
    >;
  },
): Promise<AppConfig> {
  const u = p.update;
  await repo.upsertAppConfig(ctx.db, {
    operatorId: p.operatorId,
    patch: {
      ...(u.loadScreen !== undefined ? { loadScreen: u.loadScreen } : {}),
      ...(u.activeScreen !== undefined ? { activeScreen: u.activeScreen } : {}),
      ...(u.showWarningBottomBanner !== undefined ? { showWarningBottomBanner: u.showWarningBottomBanner } : {}),
      ...(u.feedBackWidget !== undefined ? { feedbackWidget: u.feedBackWidget } : {}),
      ...(u.show_vehicle_availability_card !== undefined ? { showVehicleAvailabilityCard: u.show_vehicle_availability_card } : {}),
    },
  });
  return getAppConfig(ctx, p);
}

export async function vehicleAvailability(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<VehicleAvailability> {
  const [config, fleet] = await Promise.all([getAppConfig(ctx, p), repo.countFreeVehicles(ctx.db, p)]);
  return { show: config.show_vehicle_availability_card && fleet.totalVehicles > 0, ...fleet };
}

/** Where a wallet top-up goes for this operator (the token screen's config reads it). */
export async function walletRechargeSourceOf(
  ctx: ServiceContext,
  p: { operatorId: OperatorId },
): Promise<AppConfig['walletRechargeSource']> {
  return (await getAppConfig(ctx, p)).walletRechargeSource;
}

// ---------- settings (per user) ----------

function merge(base: Settings, u: SettingsUpdate): Settings {
  const notifications = { ...base.notifications };
  for (const kind of NOTIFICATION_KINDS) {
    const change = u.notifications?.[kind];
    if (change) notifications[kind] = { ...notifications[kind], ...change };
  }
  return {
    language: u.language ?? base.language,
    notifications,
    landingScreen: u.landingScreen ?? base.landingScreen,
    statementEmail: u.statementEmail === undefined ? base.statementEmail : u.statementEmail,
  };
}

/** spec "GET /setting": the user's settings over the defaults; the language starts as the user's. */
export async function getSettings(ctx: ServiceContext, p: { userId: string; locale: 'en' | 'hi' }): Promise<Settings> {
  return (await repo.findSettings(ctx.db, p)) ?? { ...DEFAULT_SETTINGS, language: p.locale };
}

/** spec "POST /setting": changes only what the body names. */
export async function saveSettings(
  ctx: ServiceContext,
  p: { userId: string; locale: 'en' | 'hi'; update: SettingsUpdate },
): Promise<Settings> {
  const next = merge(await getSettings(ctx, p), p.update);
  await repo.saveSettings(ctx.db, { userId: p.userId, settings: next });
  return next;
}

/** Whether a user wants a kind of message on a channel (messages of a stopped kind are not sent). */
export async function notificationAllowed(
  ctx: Pick<ServiceContext, 'db'>,
  p: { userId: string; kind: NotificationKind; channel: NotificationChannel },
): Promise<boolean> {
  const s = (await repo.findSettings(ctx.db, p)) ?? DEFAULT_SETTINGS;
  return s.notifications[p.kind][p.channel];
}
