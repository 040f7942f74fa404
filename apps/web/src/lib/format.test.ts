import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, isNight, setDateLanguage, toIst } from './format.ts';

describe('format', () => {
  it('writes counts with Indian digit grouping', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('writes numbers as Intl en-IN does, without making a formatter (ADR 187)', () => {
    const intl = new Intl.NumberFormat('en-IN');
    const values = [0, 1, 7.5, 12.25, 0.0005, 0.0004, 1.0005, 2.9995, 999.9996, 1000, 123456.789, 1e20, 1e21, 1e-7, 35.125];
    let seed = 5;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      values.push(seed / 10 ** (i % 7));
    }
    for (const v of values) {
      expect(formatNumber(v)).toBe(intl.format(v));
      // a negative number that rounds to zero is written "0", where Intl writes "-0"
      if (intl.format(-v) !== '-0') expect(formatNumber(-v)).toBe(intl.format(-v));
    }
    expect(formatNumber(-0.0001)).toBe('0');
  });

  it('shows India time whatever the device zone', () => {
    expect(formatDateTime('2026-03-01T18:30:00Z')).toBe('02 Mar 2026, 12:00 AM');
    expect(formatDateTime(1_772_389_800)).toBe('02 Mar 2026, 12:00 AM');
  });

  it('reads the same India wall clock as the zone database, every few hours across a century (ADR 184)', () => {
    const zone = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.UTC(1950, 0, 1, 0, 7);
    const step = 7 * 3_600_000 + 13 * 60_000; // 7 h 13 min, so every hour and minute of the day comes round
    for (let at = start; at < Date.UTC(2050, 0, 1); at += step * 97) {
      expect(toIst(new Date(at).toISOString()).format('DD/MM/YYYY, HH:mm')).toBe(zone.format(at));
    }
  });

  it('counts 20:00 to 07:59 IST as night', () => {
    expect(isNight('2026-03-01T14:29:59Z')).toBe(false); // 19:59 IST
    expect(isNight('2026-03-01T14:30:00Z')).toBe(true); // 20:00 IST
    expect(isNight('2026-03-02T02:29:00Z')).toBe(true); // 07:59 IST
    expect(isNight('2026-03-02T02:30:00Z')).toBe(false); // 08:00 IST
  });

  it('names the months in Hindi for a Hindi reader, digits as on Indian bills', () => {
    setDateLanguage('hi');
    try {
      expect(formatDate('2026-03-01T18:30:00Z')).toBe('02 मार्च 2026');
      expect(formatDateTime('2026-11-20T18:30:00Z')).toBe('21 नव. 2026, 12:00 AM');
    } finally {
      setDateLanguage('en');
    }
    expect(formatDate('2026-03-01T18:30:00Z')).toBe('02 Mar 2026');
  });
});
