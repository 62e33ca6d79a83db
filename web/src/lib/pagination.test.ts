import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('numbered pagination', () => {
  it.each([
    // lists: range 5, margin 1
    [1, 10, 5, 1, [1, 2, 3, 4, 5, 'gap', 10]],
    [6, 10, 5, 1, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 10]],
    [10, 10, 5, 1, [1, 'gap', 6, 7, 8, 9, 10]],
    [3, 4, 5, 1, [1, 2, 3, 4]],
    // lobby: range 3, margin 1
    [5, 9, 3, 1, [1, 'gap', 4, 5, 6, 'gap', 9]],
    [2, 9, 3, 1, [1, 2, 3, 'gap', 9]],
    [3, 5, 3, 1, [1, 2, 3, 4, 5]],
    [1, 1, 3, 1, [1]],
    [1, 0, 3, 1, []],
    [99, 7, 3, 1, [1, 'gap', 5, 6, 7]],
  ])('page %i of %i, range %i, margin %i', (cur, total, range, margin, want) => {
    expect(pageItems(cur, total, range, margin)).toEqual(want);
  });
});
