import {
  type AddVehicleRequest,
  EXPIRY_WARNING_DAYS,
  FLEET_MESSAGES,
  formatVehicleNumber,
  type Locale,
  type LookupKind,
  normaliseVehicleNumber,
  type UpdateVehicleRequest,
  type VehicleDocument,
  type VehicleListing,
  type VehicleStatus,
} from '@bhada/contracts/fleet/fleet';
import { istDayEnd } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './vehicles.repository.ts';

const DAY_MS = 86_400_000;

export const STATUS_HI: Record<string, string> = {
  VERIFIED: 'सत्यापित',
  PENDING: 'जाँच बाकी',
  REJECTED: 'अस्वीकृत',
  UPLOADING: 'अपलोड बाकी',
};
const BODY_EN: Record<string, string> = { OPEN: 'Open', CONTAINER: 'Container', TRAILER: 'Trailer', TANKER: 'Tanker' };
const BODY_HI: Record<string, string> = { OPEN: 'खुला ट्रक', CONTAINER: 'कंटेनर', TRAILER: 'ट्रेलर', TANKER: 'टैंकर' };

const TEXTS = {
  en: {
    NOT_UPLOADED: ['Upload RC', 'Upload the front and back of the RC to get this vehicle verified.'],
    PENDING: ['Under verification', 'We are checking the documents. This usually takes a day.'],
    VERIFIED: ['Verified', 'This vehicle can be used for loads.'],
    REJECTED: ['Documents rejected', 'Upload the RC again.'],
  },
  hi: {
    NOT_UPLOADED: ['आरसी अपलोड करें', 'गाड़ी की जाँच के लिए आरसी का आगे और पीछे का फ़ोटो अपलोड करें।'],
    PENDING: ['जाँच चल रही है', 'हम दस्तावेज़ जाँच रहे हैं। इसमें आमतौर पर एक दिन लगता है।'],
    VERIFIED: ['सत्यापित', 'यह गाड़ी लोड के लिए इस्तेमाल हो सकती है।'],
    REJECTED: ['दस्तावेज़ अस्वीकृत', 'आरसी फिर से अपलोड करें।'],
  },
} as const;

/** The vehicle type a new vehicle gets from its size and body, in English and Hindi. */
export const vehicleTypeOf = (size: number, body: string) => `${size} FT ${BODY_EN[body] ?? body}`;
const vehicleTypeHindiOf = (size: number, body: string) => `${size} फ़ुट ${BODY_HI[body] ?? body}`;

export function expiringSoon(expiresOn: string | null, now: Date) {
  if (!expiresOn) return false;
  // the last second of the expiry day in India
  return istDayEnd(expiresOn).getTime() - 1000 - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;
}

export function toDocument(d: repo.DocumentRow, now: Date): VehicleDocument {
  return {
    documentId: d.id,
    vehicleId: d.vehicleId,
    docType: d.docType as VehicleDocument['docType'],
    fileName: d.fileName,
    resourceKey: d.resourceKey,
    status: d.status,
    statusHi: STATUS_HI[d.status] ?? d.status,
    rejectReason: d.rejectReason,
    expiresOn: d.expiresOn,
    expiringSoon: expiringSoon(d.expiresOn, now),
    createdAt: d.createdAt.toISOString(),
  };
}

function docInfoStatusOf(docs: repo.DocumentRow[]): VehicleListing['docInfoStatus'] {
  const rc = docs.filter((d) => d.docType === 'RC_FRONT' || d.docType === 'RC_BACK');
  if (rc.some((d) => d.status === 'REJECTED')) return 'REJECTED';
  if (rc.length < 2) return 'NOT_UPLOADED';
  if (rc.every((d) => d.status === 'VERIFIED')) return 'VERIFIED';
  return 'PENDING';
}

export function toListing(v: repo.VehicleRow, docs: repo.DocumentRow[], locale: Locale, now: Date): VehicleListing {
  const key = (t: string) => docs.find((d) => d.docType === t)?.resourceKey ?? null;
  const docInfoStatus = docInfoStatusOf(docs);
  const status = v.status as VehicleStatus;
  // a vehicle verified before documents were kept (the seed's) needs nothing from its operator
  const state =
    status === 'VERIFIED' ? 'VERIFIED' : status === 'REJECTED' ? 'REJECTED' : docInfoStatus === 'NOT_UPLOADED' ? 'NOT_UPLOADED' : 'PENDING';
  const [heading, description] = TEXTS[locale][state];
  const rejected = docs.find((d) => d.status === 'REJECTED');
  const reason = v.rejectReason ?? rejected?.rejectReason ?? null;
  return {
    vehicleId: v.id,
    bodyType: v.bodyType,
    number: v.number,
    displayNumber: formatVehicleNumber(v.number),
    tyreCount: v.tyreCount,
    tonnage: Number(v.tonnage),
    sizeInFeet: v.sizeInFeet,
    height: v.heightInFeet === null ? null : Number(v.heightInFeet),
    ownership: v.ownership === 'ATTACHED' ? 'ATTACHED' : 'SELF',
    ownerName: v.ownerName,
    status,
    statusHi: STATUS_HI[status] ?? status,
    docInfoStatus,
    vehicleInfoStatus: v.heightInFeet === null && v.bodyType === 'CONTAINER' ? 'INCOMPLETE' : 'COMPLETE',
    rcFrontResourceKey: key('RC_FRONT'),
    rcBackResourceKey: key('RC_BACK'),
    vehDecResourceKey: key('VEHICLE_DECLARATION'),
    vehicleType: v.vehicleType,
    vehicleTypeHindi: vehicleTypeHindiOf(v.sizeInFeet, v.bodyType),
    sortScore: state === 'REJECTED' ? 0 : state === 'NOT_UPLOADED' ? 1 : state === 'PENDING' ? 2 : 3,
    heading,
    description: state === 'REJECTED' && reason ? `${description} ${reason}` : description,
    vehicleInputWidget: state === 'REJECTED' ? 'REUPLOAD_RC' : state === 'NOT_UPLOADED' ? 'UPLOAD_RC' : 'NONE',
    rejectReason: status === 'REJECTED' || rejected ? reason : null,
    expiringSoon: docs.some((d) => expiringSoon(d.expiresOn, now)),
    documents: docs.map((d) => toDocument(d, now)),
  };
}

async function withDocuments(ctx: ServiceContext, operatorId: OperatorId, rows: repo.VehicleRow[], locale: Locale) {
  const docs = await repo.listCurrentDocuments(ctx.db, { operatorId, vehicleIds: rows.map((r) => r.id) });
  const now = ctx.clock.now();
  return rows.map((r) =>
    toListing(
      r,
      docs.filter((d) => d.vehicleId === r.id),
      locale,
      now,
    ),
  );
}

/** GET operator/vehicles: a page of the operator's vehicles with their documents, in the caller's language. */
export async function listVehicles(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; locale: Locale; search?: string; pageNo: number; pageSize: number },
) {
  const search = input.search ? input.search.toUpperCase().replace(/[\s.-]/g, '') : undefined;
  const { rows, total } = await repo.listVehicles(ctx.db, {
    operatorId: input.operatorId,
    search,
    limit: input.pageSize,
    offset: (input.pageNo - 1) * input.pageSize,
  });
  const list = await withDocuments(ctx, input.operatorId, rows, input.locale);
  return { list, totalCount: total, noData: list.length === 0 };
}

/** Vehicle data by query: the operator's vehicles whose number contains the text (first 20). */
export async function searchVehicles(ctx: ServiceContext, input: { operatorId: OperatorId; locale: Locale; query: string }) {
  return listVehicles(ctx, { ...input, search: input.query, pageNo: 1, pageSize: 20 });
}

/** One of the operator's vehicles by id or registration number; another operator's is not found. */
export async function getVehicle(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; locale: Locale; vehicleId?: string; number?: string },
) {
  const number = input.number ? normaliseVehicleNumber(input.number) : null;
  const row = input.vehicleId
    ? await repo.findVehicle(ctx.db, { operatorId: input.operatorId, vehicleId: input.vehicleId })
    : number
      ? await repo.findVehicleByNumber(ctx.db, { operatorId: input.operatorId, number })
      : undefined;
  if (!row) throw notFound(FLEET_MESSAGES.vehicleNotFound);
  const [listing] = await withDocuments(ctx, input.operatorId, [row], input.locale);
  return listing as VehicleListing;
}

/** A vehicle of the operator, or 404. */
export async function ownVehicle(ctx: ServiceContext, input: { operatorId: OperatorId; vehicleId: string }) {
  const row = await repo.findVehicle(ctx.db, input);
  if (!row) throw notFound(FLEET_MESSAGES.vehicleNotFound);
  return row;
}

export async function listCompact(ctx: ServiceContext, input: { operatorId: OperatorId }) {
  return (await repo.listCompactVehicles(ctx.db, input)).map((v) => ({
    ...v,
    status: v.status as VehicleStatus,
    hasDevice: Boolean(v.hasDevice),
  }));
}

export async function lookups(ctx: ServiceContext, input: { kind: LookupKind }) {
  const list = await repo.listLookups(ctx.db, input);
  return { kind: input.kind, list: list.map((l) => ({ value: Number(l.value), label: l.label, labelHi: l.labelHi })) };
}

/** Each given field must be one of its lookup's values (served from the database). */
async function checkLookups(
  ctx: ServiceContext,
  input: Partial<Pick<AddVehicleRequest, 'tyreCount' | 'sizeInFeet' | 'tonnage' | 'height'>>,
) {
  const checks: Array<[LookupKind, number | null | undefined, string, string]> = [
    ['tyre', input.tyreCount, 'tyre count', 'tyreCount'],
    ['size', input.sizeInFeet, 'size', 'sizeInFeet'],
    ['tonnage', input.tonnage, 'tonnage', 'tonnage'],
    ['height', input.height, 'height', 'height'],
  ];
  for (const [kind, value, what, field] of checks) {
    if (value === undefined || value === null) continue;
    const list = await repo.listLookups(ctx.db, { kind });
    if (!list.some((l) => Number(l.value) === value))
      throw new AppError('VALIDATION_FAILED', FLEET_MESSAGES.lookupInvalid(what), { field });
  }
}

/** Adds a vehicle (number already normalised by the contract); a number registered anywhere is refused with 409. */
export async function addVehicle(ctx: ServiceContext, input: { operatorId: OperatorId; locale: Locale; vehicle: AddVehicleRequest }) {
  const v = input.vehicle;
  await checkLookups(ctx, v);
  const saved = await repo.insertVehicle(ctx.db, {
    id: newId('VEH'),
    operatorId: input.operatorId,
    number: v.number,
    vehicleType: vehicleTypeOf(v.sizeInFeet, v.bodyType),
    bodyType: v.bodyType,
    tyreCount: v.tyreCount,
    tonnage: v.tonnage,
    sizeInFeet: v.sizeInFeet,
    heightInFeet: v.height ?? null,
    ownership: v.ownership,
    ownerName: v.ownerName ?? null,
    status: 'PENDING',
  });
  if (!saved) throw new AppError('CONFLICT', FLEET_MESSAGES.numberTaken(formatVehicleNumber(v.number)), { field: 'number' });
  return toListing(saved, [], input.locale, ctx.clock.now());
}

/** PUT update-vehicle: changes the listing fields; the number is the vehicle's identity and never changes. */
export async function updateVehicle(ctx: ServiceContext, input: { operatorId: OperatorId; locale: Locale; update: UpdateVehicleRequest }) {
  const u = input.update;
  const current = await ownVehicle(ctx, { operatorId: input.operatorId, vehicleId: u.vehicleId });
  await checkLookups(ctx, u);
  const size = u.sizeInFeet ?? current.sizeInFeet;
  const body = u.bodyType ?? current.bodyType;
  const reshaped = u.sizeInFeet !== undefined || u.bodyType !== undefined;
  const row = await repo.updateVehicle(ctx.db, {
    operatorId: input.operatorId,
    vehicleId: u.vehicleId,
    patch: {
      bodyType: u.bodyType,
      tyreCount: u.tyreCount,
      sizeInFeet: u.sizeInFeet,
      tonnage: u.tonnage,
      heightInFeet: u.height,
      ownership: u.ownership,
      ownerName: u.ownerName,
      vehicleType: reshaped ? vehicleTypeOf(size, body) : undefined,
    },
  });
  if (!row) throw notFound(FLEET_MESSAGES.vehicleNotFound);
  const [listing] = await withDocuments(ctx, input.operatorId, [row], input.locale);
  return listing as VehicleListing;
}
