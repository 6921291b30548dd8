/**
 * The vertical scale of the daily-profit chart: always includes 0 (the baseline bars grow from),
 * so a chart of only gains or only losses still starts at zero.
 */
export interface ProfitScale {
  min: number;
  max: number;
  /** Screen y of a value, for a plot area from `top` to `top + height`. */
  y: (v: number) => number;
  /** The axis labels' values: 0 and the multiples of one nice step (1, 2 or 5 × 10ⁿ) within the scale. */
  ticks: number[];
}

/** At most this many steps between labels: more is noise on a 220-unit chart. */
const MAX_STEPS = 5;

/**
 * The smallest step of 1, 2 or 5 × 10ⁿ (never under a céntimo: labels have two decimals) that
 * cuts `span` into at most `steps` parts.
 */
export function niceStep(span: number, steps: number): number {
  const rough = span / Math.max(1, steps);
  if (!(rough > 0.01)) return 0.01;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 5, 10]) if (m * power >= rough - 1e-12) return m * power;
  return 10 * power;
}

/**
 * `minGap`: the least distance between two labels, in the plot's units (the labels' line height).
 * Labels sit one nice step apart and the step is chosen so that the steps fit in the height with
 * that gap: "0,00" and "-1,00" drawn over each other (issue 36) cannot happen, whatever the values.
 */
export function profitScale(values: number[], top: number, height: number, minGap = 0): ProfitScale {
  let max = Math.max(0, ...values);
  let min = Math.min(0, ...values);
  if (max === min) max = 1; // all zero: an empty but drawable scale
  // 5% headroom so the tallest bar does not touch the edge.
  const pad = (max - min) * 0.05;
  if (max > 0) max += pad;
  if (min < 0) min -= pad;
  const y = (v: number) => top + ((max - v) / (max - min)) * height;
  const steps = Math.min(MAX_STEPS, minGap > 0 ? Math.floor(height / minGap) : MAX_STEPS);
  const step = niceStep(max - min, steps);
  const ticks: number[] = [];
  // Multiples of the step, rounded to céntimos so 3 × 0.1 is 0.3 and not 0.30000000000000004.
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + 1e-9; k++) ticks.push(Math.round(k * step * 100) / 100 || 0);
  return { min, max, y, ticks };
}

/** "21/11" for an axis label: the day key read as a calendar day, no time zone. */
export function shortDayLabel(day: string): string {
  const [, m, d] = day.split('-');
  return `${d}/${m}`;
}
