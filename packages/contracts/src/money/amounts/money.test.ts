import { describe, expect, it } from 'vitest';
import {
  formatPaisa,
  formatRupees,
  groupIndianDigits,
  MAX_MOVEMENT_PAISA,
  paisaAmountSchema,
  paisaToRupeeText,
  parseRupeeAmount,
  parseRupees,
  rupeeAmountSchema,
  rupeesToPaisa,
} from './index.ts';

describe('money', () => {
  it('parses rupees exactly with one rounding rule (half away from zero at the paisa)', () => {
    expect(parseRupees('1.005')).toBe(101);
    expect(parseRupees(1.005)).toBe(101);
    expect(parseRupees(0.1 + 0.2)).toBe(30);
    expect(parseRupees('12,34,567.8')).toBe(123456780);
    expect(parseRupees('₹ 500')).toBe(50000);
    expect(parseRupees('-2.5')).toBe(-250);
    expect(parseRupees('abc')).toBeNull();
    expect(parseRupees('')).toBeNull();
    expect(parseRupees(Number.NaN)).toBeNull();
    expect(parseRupees(undefined)).toBeNull();
    expect(rupeesToPaisa(19.9)).toBe(1990);
    expect(() => rupeesToPaisa(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formats with Indian digit grouping', () => {
    expect(formatPaisa(123456789)).toBe('₹12,34,567.89');
    expect(formatPaisa(10000000)).toBe('₹1,00,000');
    expect(formatPaisa(1990, { decimals: 'always' })).toBe('₹19.90');
    expect(formatPaisa(1950)).toBe('₹19.50');
    expect(formatPaisa(-500)).toBe('−₹5');
    expect(formatRupees(1234.5)).toBe('₹1,234.50');
  });

  it('writes every amount as the en-IN currency format of Intl does, without making one (ADR 187)', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const paise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const intl = (p: number, always = false) => {
      const text = (always || p % 100 !== 0 ? paise : whole).format(Math.abs(p) / 100);
      return p < 0 ? `−${text}` : text;
    };
    const amounts = [0, 1, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 1_234_567, 10_000_000, 123_456_789, MAX_MOVEMENT_PAISA];
    let seed = 17;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      amounts.push(seed % 10 ** (1 + (i % 12)));
    }
    for (const p of amounts) {
      for (const signed of [p, -p]) {
        if (Object.is(signed, -0)) continue;
        expect(formatPaisa(signed)).toBe(intl(signed));
        expect(formatPaisa(signed, { decimals: 'always' })).toBe(intl(signed, true));
      }
    }
    expect(groupIndianDigits('12')).toBe('12');
    expect(groupIndianDigits('1234')).toBe('1,234');
    expect(groupIndianDigits('123456789012')).toBe('1,23,45,67,89,012');
  });

  it('validates amounts on the wire with the spec message and a bound', () => {
    const rupees = rupeeAmountSchema(10_000_000);
    expect(rupees.parse('100.25')).toBe(10025);
    expect(rupees.parse(100)).toBe(10000);
    for (const bad of ['1.234', '-5', 'x', '100001', Number.NaN]) {
      const result = rupees.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid amount');
    }
    const paisa = paisaAmountSchema(1000);
    expect(paisa.parse(999)).toBe(999);
    expect(paisa.safeParse(1.5).success).toBe(false);
    expect(paisa.safeParse(1001).success).toBe(false);
  });

  it('reads a form amount strictly: no sign, no third decimal, within the bound', () => {
    expect(parseRupeeAmount('19.90')).toBe(1990);
    expect(parseRupeeAmount(' 500 ')).toBe(50000);
    expect(parseRupeeAmount(0.29)).toBe(29);
    expect(parseRupeeAmount('0')).toBe(0);
    expect(parseRupeeAmount('1.005')).toBeNull();
    expect(parseRupeeAmount('-5')).toBeNull();
    expect(parseRupeeAmount('1,000')).toBeNull();
    expect(parseRupeeAmount('')).toBeNull();
    expect(parseRupeeAmount(Number.NaN)).toBeNull();
    expect(parseRupeeAmount('100.01', 10_000)).toBeNull();
    expect(parseRupeeAmount('100', 10_000)).toBe(10_000);
  });

  it('writes paisa back as the plain rupee text of a form field', () => {
    expect(paisaToRupeeText(3_455_000)).toBe('34550');
    expect(paisaToRupeeText(1250)).toBe('12.50');
    expect(paisaToRupeeText(5)).toBe('0.05');
    expect(paisaToRupeeText(-250)).toBe('-2.50');
  });
});
