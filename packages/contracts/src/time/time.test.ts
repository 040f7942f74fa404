import { describe, expect, it } from 'vitest';
import { fromIstWallClock, IST_TIME_ZONE, istWallClock } from './index.ts';

describe('India time', () => {
  it('reads an instant as India wall-clock and back', () => {
    const at = new Date('2026-11-23T20:00:00Z');
    const wall = istWallClock(at);
    expect(wall.toISOString()).toBe('2026-11-24T01:30:00.000Z');
    expect(fromIstWallClock(wall).toISOString()).toBe(at.toISOString());
  });

  it('agrees with the platform time zone database', () => {
    const at = new Date('2026-06-01T18:45:00Z');
    const text = new Intl.DateTimeFormat('en-GB', { timeZone: IST_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      at,
    );
    expect(text).toBe(istWallClock(at).toISOString().slice(11, 16));
  });
});
