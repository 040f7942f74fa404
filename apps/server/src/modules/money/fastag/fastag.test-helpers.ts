import { ISSUER_SIGNATURE_HEADER, type TagClass, type TollEvent } from '@bhada/contracts/money/fastag';
import type { TestApp } from '../../../../test/app.ts';
import { fundAccount } from '../../../../test/factories.ts';
import type { Db } from '../../../db/client.ts';
import { fastags } from '../../../db/schema/index.ts';
import { hmac } from '../../../lib/crypto.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../ledger/accounts.ts';

export async function insertTag(
  db: Db,
  operatorId: OperatorId,
  vehicleId: string,
  overrides: Partial<{ tagClass: TagClass; autoRecharge: boolean; minBalancePaisa: number; rechargeAmountPaisa: number | null }> = {},
) {
  const tagId = newId('TAG', 16).replace('-', '');
  await db.insert(fastags).values({
    tagId,
    operatorId,
    vehicleId,
    tagClass: overrides.tagClass ?? 12,
    barcode: newId('608268', 8),
    autoRecharge: overrides.autoRecharge ?? false,
    minBalancePaisa: overrides.minBalancePaisa ?? 0,
    rechargeAmountPaisa: overrides.rechargeAmountPaisa ?? null,
  });
  return tagId;
}

/** Money onto a tag straight from the outside (tests only), so tolls have something to take. */
export const fundTag = (db: Db, tagId: string, paisa: number) => fundAccount(db, accounts.fastag(tagId), paisa, 'TEST_TAG_FUND');

export function tollEvent(tagId: string, overrides: Partial<TollEvent> = {}): TollEvent {
  return {
    eventId: newId('EVT', 16),
    tagId,
    type: 'DEBIT',
    amount: 41_500,
    plaza: 'Kherki Daula Toll Plaza (NH48)',
    plazaCode: 'HR-KDL',
    laneDirection: 'ENTRY-UP',
    vehicleClass: 12,
    crossedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Posts a raw body to the issuer webhook, signed with the test app's issuer secret unless told otherwise. */
export function deliverToll(t: TestApp, raw: string, signature = hmac(t.config.TAG_ISSUER_SECRET, raw)) {
  return t.call({
    method: 'POST',
    url: '/api/fastag/webhooks/toll',
    headers: { 'content-type': 'application/json', [ISSUER_SIGNATURE_HEADER]: signature },
    payload: raw,
  });
}
