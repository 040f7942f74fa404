import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { useTimeLeftLabel } from './load-card.tsx';

describe('load card countdown (issue 16 point 8)', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('says that bidding closes, not a bare "left" beside the loading time', () => {
    const { result } = renderHook(() => useTimeLeftLabel());
    expect(result.current(45 * 60)).toBe('bidding closes in 45 min');
    expect(result.current(2 * 3600 + 5 * 60)).toBe('bidding closes in 2 h 5 min');
    expect(result.current(0)).toBe('Bidding closed');
  });

  it('says it in Hindi', async () => {
    await setLanguage('hi');
    const { result } = renderHook(() => useTimeLeftLabel());
    expect(result.current(45 * 60)).toBe('बोली 45 मिनट में बंद होगी');
    await setLanguage('en');
  });
});
