import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, indianMobileSchema, paise } from './index.ts';

describe('common contracts', () => {
  it('accepts 10-digit Indian mobiles only', () => {
    for (const ok of ['9000000001', '6123456789', ' 7012345678 ']) expect(indianMobileSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['5123456789', '900000000', '90000000011', '+919000000001', 'abcdefghij', ''])
      expect(indianMobileSchema.safeParse(bad).success).toBe(false);
  });

  it('converts rupees to paisa without floating error', () => {
    expect(paise.fromRupees(0.1 + 0.2)).toBe(30);
    expect(paise.fromRupees(1234.56)).toBe(123456);
    expect(paise.fromRupees(100000)).toBe(10_000_000);
  });

  it('describes the envelope', () => {
    const schema = envelopeSchema(z.object({ n: z.number() }));
    expect(schema.safeParse({ success: true, data: { n: 1 }, errorCode: '200' }).success).toBe(true);
    expect(schema.safeParse({ success: true, data: { n: 'x' }, errorCode: '200' }).success).toBe(false);
  });
});
