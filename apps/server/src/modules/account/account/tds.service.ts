import {
  ACCOUNT_MESSAGES,
  type Declaration,
  type DeclarationKind,
  type DeclarationRequest,
  financialYearOf,
  MAX_GOODS_CARRIAGES,
} from '@bhada/contracts/account/account';
import { istDateTimeText, istDay } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './account.repository.ts';
import { type DeclarationLang, declarationPdf } from './tds-pdf.ts';

export const DECLARATIONS_PATH = '/api/odin/operator-app/v1/profile/tds-declaration';

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The last day of the financial year (31 March) a date falls in. */
const fyEnd = (day: string) => `${Number(financialYearOf(day).slice(0, 4)) + 1}-03-31`;

function statusOf(row: repo.DeclarationRow, today: string): Declaration['status'] {
  if (row.startDate > today) return 'UPCOMING';
  return row.endDate >= today ? 'ACTIVE' : 'EXPIRED';
}

function toDeclaration(row: repo.DeclarationRow, today: string): Declaration {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    fatherName: row.fatherName,
    panNumber: row.pan,
    street: row.street,
    city: row.city,
    state: row.state,
    pinCode: row.pinCode,
    number: row.phone,
    opCode: row.opCode,
    vehicleNumber: row.vehicleNumbers,
    currentDate: row.signedOn,
    startDate: row.startDate,
    endDate: row.endDate,
    financialYear: financialYearOf(row.startDate),
    status: statusOf(row, today),
    createdAt: row.createdAt.toISOString(),
    pdfPath: `${DECLARATIONS_PATH}/${row.id}/pdf`,
  };
}

/**
 * A declaration the operator can rely on (ADR 230): its operator code is the operator's own, every vehicle
 * it lists is in the operator's fleet, and the fleet today is no larger than section 194C(6) allows. A
 * declaration that stopped being true (the fleet grew, a vehicle left) no longer exempts anyone.
 */
async function holds(db: ServiceContext['db'], operatorId: OperatorId, row: repo.DeclarationRow | undefined): Promise<boolean> {
  if (!row || row.opCode.toUpperCase() !== operatorId.toUpperCase()) return false;
  const [fleet, own] = await Promise.all([
    repo.countVehicles(db, { operatorId }),
    repo.listOwnVehicleNumbers(db, { operatorId, numbers: row.vehicleNumbers }),
  ]);
  return fleet <= MAX_GOODS_CARRIAGES && row.vehicleNumbers.every((n) => own.includes(n));
}

/** The declared flags (spec §4): a declaration of each kind in force on the day that still holds. */
export async function declaredFlags(ctx: ServiceContext, p: { operatorId: OperatorId; on: Date }) {
  const day = istDay(p.on);
  const [tds, undertaking] = await Promise.all([
    repo.findCovering(ctx.db, { operatorId: p.operatorId, kind: 'TDS_DECLARATION', day }),
    repo.findCovering(ctx.db, { operatorId: p.operatorId, kind: 'UNDERTAKING', day }),
  ]);
  const [tdsDeclared, undertakingDeclared] = await Promise.all([
    holds(ctx.db, p.operatorId, tds),
    holds(ctx.db, p.operatorId, undertaking),
  ]);
  return { tdsDeclared, undertakingDeclared };
}

/**
 * Whether a payment to this operator on this instant is exempt from TDS under section 194C(6): the
 * operator filed a declaration whose period covers the India date of `on`, and it still holds. The
 * payments side calls this before deducting the 1 % on a consigner's trip payment.
 */
export async function hasValidTdsDeclaration(ctx: Pick<ServiceContext, 'db'>, p: { operatorId: OperatorId; on: Date }): Promise<boolean> {
  const row = await repo.findCovering(ctx.db, { operatorId: p.operatorId, kind: 'TDS_DECLARATION', day: istDay(p.on) });
  return holds(ctx.db, p.operatorId, row);
}

export async function listDeclarations(ctx: ServiceContext, p: { operatorId: OperatorId; kind?: DeclarationKind }) {
  const today = istDay(ctx.clock.now());
  const [rows, flags] = await Promise.all([
    repo.listDeclarations(ctx.db, p),
    declaredFlags(ctx, { operatorId: p.operatorId, on: ctx.clock.now() }),
  ]);
  return {
    ...flags,
    declarations: rows.filter((r) => !p.kind || r.kind === p.kind).map((r) => toDeclaration(r, today)),
  };
}

/**
 * Files a declaration or an undertaking: dates are real, the signing date and the start are not in the
 * future, the period lies within one financial year, the operator code and every vehicle are the
 * operator's own, the fleet has at most ten goods carriages (ADR 230), and no declaration of the same
 * kind overlaps (409).
 */
export async function fileDeclaration(
  ctx: ServiceContext,
  p: { operatorId: OperatorId; userId: string; kind: DeclarationKind; request: DeclarationRequest },
): Promise<Declaration> {
  const r = p.request;
  const today = istDay(ctx.clock.now());
  for (const field of ['currentDate', 'startDate', 'endDate'] as const) {
    if (!isRealDate(r[field])) throw badRequest('Enter a real date', field);
  }
  if (r.currentDate > today) throw badRequest(ACCOUNT_MESSAGES.futureDate, 'currentDate');
  if (r.startDate > today) throw badRequest(ACCOUNT_MESSAGES.futureDate, 'startDate');
  if (r.endDate < r.startDate || r.endDate > fyEnd(r.startDate)) throw badRequest(ACCOUNT_MESSAGES.period, 'endDate');
  const vehicles = [...new Set(r.vehicleNumber)];
  const opCode = r.opCode ? r.opCode.toUpperCase() : p.operatorId;
  if (opCode !== p.operatorId.toUpperCase()) throw badRequest(ACCOUNT_MESSAGES.notOwnOpCode, 'opCode');
  const [fleet, own] = await Promise.all([
    repo.countVehicles(ctx.db, { operatorId: p.operatorId }),
    repo.listOwnVehicleNumbers(ctx.db, { operatorId: p.operatorId, numbers: vehicles }),
  ]);
  if (fleet > MAX_GOODS_CARRIAGES) throw badRequest(ACCOUNT_MESSAGES.fleetTooLarge, 'vehicleNumber');
  const stranger = r.vehicleNumber.findIndex((n) => !own.includes(n));
  if (stranger >= 0) throw badRequest(ACCOUNT_MESSAGES.notOwnVehicle, `vehicleNumber.${stranger}`);
  const saved = await repo.insertDeclarationIfFree(ctx.db, {
    id: newId('TDS', 10),
    operatorId: p.operatorId,
    kind: p.kind,
    name: r.name,
    fatherName: r.fatherName,
    pan: r.panNumber,
    street: r.street,
    city: r.city,
    state: r.state,
    pinCode: r.pinCode,
    phone: r.number,
    opCode: p.operatorId,
    vehicleNumbers: vehicles,
    signedOn: r.currentDate,
    startDate: r.startDate,
    endDate: r.endDate,
    createdBy: p.userId,
  });
  if (!saved) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.overlap, { field: 'startDate' });
  return toDeclaration(saved, today);
}

/** One of the operator's declarations (another operator's is not found). */
export async function getDeclaration(ctx: ServiceContext, p: { operatorId: OperatorId; id: string }): Promise<Declaration> {
  const row = await repo.findDeclaration(ctx.db, p);
  if (!row) throw notFound(ACCOUNT_MESSAGES.declarationNotFound);
  return toDeclaration(row, istDay(ctx.clock.now()));
}

/** The signed PDF of one of the operator's declarations. */
export async function declarationFile(ctx: ServiceContext, p: { operatorId: OperatorId; id: string }, lang: DeclarationLang = 'en') {
  const row = await repo.findDeclaration(ctx.db, p);
  if (!row) throw notFound(ACCOUNT_MESSAGES.declarationNotFound);
  const d = toDeclaration(row, istDay(ctx.clock.now()));
  const signedAt = istDateTimeText(row.createdAt, lang);
  const bytes = await declarationPdf(d, signedAt, lang);
  const prefix = d.kind === 'TDS_DECLARATION' ? 'tds-declaration' : 'undertaking';
  return { bytes, filename: `${prefix}-${d.financialYear}-${d.id}.pdf` };
}
