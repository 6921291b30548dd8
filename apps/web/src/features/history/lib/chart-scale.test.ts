import { describe, expect, it } from 'vitest';
import { niceStep, profitScale } from './chart-scale';

describe('niceStep: 1, 2 or 5 × 10ⁿ, the smallest that cuts the span into the steps asked', () => {
  it.each([
    [1240, 5, 500], // 248 per step → 500 (200 would need 7 steps)
    [106, 5, 50], // 21,2 → 50
    [10, 5, 2], // 2 → 2
    [1, 5, 0.2], // 0,2 → 0,2
    [7, 7, 1], // 1 → 1
    [0.001, 5, 0.01], // never under a céntimo: labels have two decimals
    [23_050_000, 5, 5_000_000], // 4.610.000 → 5.000.000
  ])('span %d in %d steps → %d', (span, steps, step) => {
    expect(niceStep(span, steps)).toBeCloseTo(step, 10);
  });
});

describe('profitScale: the labels never overlap', () => {
  it('a profit of 100,00 and a loss of 1,00: labels at 0, 50 and 100, not at -1,00 over 0,00 (issue 36)', () => {
    // Span 101 + 5% = 106,05; 5 steps of ≥ 21,21 → 50.
    const scale = profitScale([100, -1], 10, 182, 16.5);
    expect(scale.ticks).toEqual([0, 50, 100]);
  });

  it('keeps 0 among the labels, for gains only, losses only and all zero', () => {
    expect(profitScale([12, 30], 0, 180, 16).ticks).toEqual([0, 10, 20, 30]); // 31,5 / 5 = 6,3 → 10
    expect(profitScale([-12, -30], 0, 180, 16).ticks).toEqual([-30, -20, -10, 0]);
    expect(profitScale([0, 0], 0, 180, 16).ticks).toEqual([0, 0.5, 1]); // the empty scale 0…1,05: 0,21 → 0,5
  });

  it('labels are multiples of the step in céntimos, without binary leftovers', () => {
    expect(profitScale([0.3, -0.1], 0, 180, 16).ticks).toEqual([-0.1, 0, 0.1, 0.2, 0.3]);
  });

  // Pseudo-random values of every size (a fixed seed, so a failure repeats): on the chart's two
  // plot heights at their label sizes, consecutive labels are at least one label gap apart.
  it.each([
    [182, 11 * 1.5],
    [176, 15 * 1.5],
  ])('height %d, gap %d: 500 sets of values, no two labels closer than the gap', (height, gap) => {
    let seed = 36;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let n = 0; n < 500; n++) {
      const size = 10 ** Math.floor(random() * 9 - 2);
      const values = Array.from({ length: 1 + Math.floor(random() * 10) }, () => Math.round((random() * 2 - 0.7) * size * 100) / 100);
      const scale = profitScale(values, 10, height, gap);
      expect(scale.ticks).toContain(0);
      expect(new Set(scale.ticks).size).toBe(scale.ticks.length);
      const ys = scale.ticks.map(scale.y);
      for (let i = 1; i < ys.length; i++) expect(Math.abs(ys[i]! - ys[i - 1]!), `${values.join(', ')}`).toBeGreaterThanOrEqual(gap - 1e-6);
      // Every label inside the plot.
      for (const y of ys) {
        expect(y).toBeGreaterThanOrEqual(10 - 1e-6);
        expect(y).toBeLessThanOrEqual(10 + height + 1e-6);
      }
    }
  });
});
