import { describe, expect, it } from 'vitest';
import { seekTo } from './page-marks.ts';

describe('seekTo', () => {
  // marks of a list of 950 rows with a stride of 200: the keys of rows 200, 400, 600 and 800
  const marks = { stride: 200, keys: ['k200', 'k400', 'k600', 'k800'] };

  it('starts a page before the first mark at the head of the list', () => {
    expect(seekTo(marks, 0)).toEqual({ skip: 0 });
    expect(seekTo(marks, 199)).toEqual({ skip: 199 });
  });

  it('starts from the nearest mark at or before the offset and skips the rest', () => {
    expect(seekTo(marks, 200)).toEqual({ from: 'k200', skip: 0 });
    expect(seekTo(marks, 399)).toEqual({ from: 'k200', skip: 199 });
    expect(seekTo(marks, 620)).toEqual({ from: 'k600', skip: 20 });
  });

  it('skips from the last mark past the end of the marks, and from the head without marks', () => {
    expect(seekTo(marks, 1_200)).toEqual({ from: 'k800', skip: 400 });
    expect(seekTo(undefined, 620)).toEqual({ skip: 620 });
  });
});
