import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, isNight, setDateLanguage, toIst } from './format.ts';

describe('format', () => {
  it('writes counts with Indian digit grouping', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
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
