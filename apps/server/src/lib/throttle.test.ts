import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, folds calls inside the window into one run at its end', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const run = throttle(fn, 3_000);
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // quiet for a window: the next call runs at once again
    vi.advanceTimersByTime(5_000);
    run();
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
