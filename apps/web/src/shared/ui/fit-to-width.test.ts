import { describe, expect, it } from 'vitest';
import { fitScale } from './fit-to-width';

describe('fitScale: a figure wider than its tile shrinks just enough, never grows', () => {
  it.each([
    [122, 100, 1], // fits: full size
    [122, 122, 1], // exactly fits
    [122, 137, 0.89], // 122 / 137 = 0.8905 → 0.89 (rounded down, so it fits)
    [100, 300, 0.33], // 0.3333 → 0.33
    [100, 0, 1], // nothing measured yet (hidden): leave it alone
  ])('box %d px, content %d px → scale %d', (box, content, scale) => {
    expect(fitScale(box, content)).toBe(scale);
  });
});
