import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import type { Clients } from '../../../../test/harness/index.ts';
import { trips } from '../../../db/schema/index.ts';

export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(2000, 7)]);
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 3)]);

/** Messages the notifier sent to this phone, of this kind. */
export const sentTo = (t: TestApp, phone: string, kind = 'TRIP_STAGE_OTP') =>
  t.app.notifier.list(5000).filter((m) => m.to === phone && m.kind === kind);

/** The last stage code texted to a point's contact. */
export function codeSentTo(t: TestApp, phone: string): string {
  const code = sentTo(t, phone)[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no stage code sent to ${phone}`);
  return code;
}

export const stateOf = async (t: TestApp, tripId: string) =>
  (await t.db.select({ state: trips.state }).from(trips).where(eq(trips.id, tripId)))[0]?.state;

/** Asks for a signed POD upload, PUTs the bytes and answers the resource key to submit. */
export async function uploadPhoto(t: TestApp, as: Clients, tripId: string, fileName: string, bytes: Buffer, contentType: string) {
  const issued = await as.pod.uploadUrl({ tripId, fileName, docType: 'POD' });
  expect(issued.status).toBe(200);
  const put = await t.app.inject({ method: 'PUT', url: issued.body.data.url, payload: bytes, headers: { 'content-type': contentType } });
  expect(put.statusCode).toBe(200);
  return issued.body.data.imgResourceKey;
}
