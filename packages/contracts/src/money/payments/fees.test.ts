import { describe, expect, it } from 'vitest';
import { DEFAULT_PSP_MODES, FEE_MODES, feePercentFor, internetChargePaisa, type PspMode } from './index.ts';

/** The spec's formula, computed independently with exact rationals (paisa × basis points). */
function expected(amountPaisa: number, percent: number) {
  const exact = (amountPaisa * Math.round(percent * 100)) / 10000;
  // half up to the paisa
  return Math.floor(exact + 0.5);
}

function tierOf(modes: readonly PspMode[], mode: string, amountPaisa: number) {
  return modes
    .find((m) => m.mode === mode)
    ?.modeRates.rates.find((r) => r.minAmount * 100 < amountPaisa && amountPaisa <= r.maxAmount * 100);
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('internet charge tiers (spec fastag §9)', () => {
  const boundaries = [...new Set(DEFAULT_PSP_MODES.flatMap((m) => m.modeRates.rates.flatMap((r) => [r.minAmount, r.maxAmount])))];

  it('picks the tier with minAmount < amount <= maxAmount at every boundary, for every mode', () => {
    for (const mode of FEE_MODES) {
      for (const b of boundaries) {
        for (const amountPaisa of [b * 100 - 1, b * 100, b * 100 + 1].filter((a) => a > 0)) {
          const tier = tierOf(DEFAULT_PSP_MODES, mode, amountPaisa);
          expect(feePercentFor(amountPaisa, mode)).toBe(tier?.percent ?? 0);
          expect(internetChargePaisa(amountPaisa, mode)).toBe(expected(amountPaisa, tier?.percent ?? 0));
        }
      }
    }
  });

  it('equals amount × percent / 100 (half up to the paisa) for random amounts and modes', () => {
    const rand = rng(42);
    for (let i = 0; i < 5000; i++) {
      const amountPaisa = 1 + Math.floor(rand() * 100000_00);
      const mode = FEE_MODES[Math.floor(rand() * FEE_MODES.length)] as (typeof FEE_MODES)[number];
      const percent = tierOf(DEFAULT_PSP_MODES, mode, amountPaisa)?.percent ?? 0;
      const charge = internetChargePaisa(amountPaisa, mode);
      expect(charge).toBe(expected(amountPaisa, percent));
      // never more than half a paisa away from the real-valued formula
      expect(Math.abs(charge - (amountPaisa * percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('works with any tier table the server sends, including fractional rupee bounds', () => {
    const rand = rng(7);
    for (let i = 0; i < 500; i++) {
      const cut = Math.round(rand() * 100000) / 100;
      const p1 = Math.round(rand() * 300) / 100;
      const p2 = Math.round(rand() * 300) / 100;
      const table: PspMode[] = [
        {
          mode: 'CC',
          modeRates: {
            rates: [
              { minAmount: 0, maxAmount: cut, percent: p1 },
              { minAmount: cut, maxAmount: 100000, percent: p2 },
            ],
          },
        },
      ];
      const cutPaisa = Math.round(cut * 100);
      for (const a of [cutPaisa - 1, cutPaisa, cutPaisa + 1].filter((x) => x > 0)) {
        const percent = a <= cutPaisa ? p1 : p2;
        expect(internetChargePaisa(a, 'CC', table)).toBe(expected(a, percent));
      }
    }
  });

  it('charges nothing outside every tier and on a mode without rates', () => {
    expect(internetChargePaisa(100000_01, 'CC')).toBe(0);
    expect(internetChargePaisa(50000, 'CC', [])).toBe(0);
  });

  it('matches worked examples', () => {
    expect(internetChargePaisa(500_00, 'DC')).toBe(200); // 0.4 % of ₹500 = ₹2
    expect(internetChargePaisa(2000_00, 'DC')).toBe(800); // boundary stays in the lower tier
    expect(internetChargePaisa(2000_01, 'DC')).toBe(1800); // 0.9 % of ₹2000.01 = 1800.009 → 1800
    expect(internetChargePaisa(333_33, 'CC')).toBe(663); // 1.99 % = 663.3267 → 663
    expect(internetChargePaisa(125, 'NB')).toBe(2); // 1.2 % of 125 paisa = 1.5 → 2 (half up)
    expect(internetChargePaisa(500_00, 'UPI')).toBe(0);
  });
});
