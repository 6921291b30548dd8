/**
 * The vertical scale of the daily-profit chart: always includes 0 (the baseline bars grow from),
 * so a chart of only gains or only losses still starts at zero.
 */
export interface ProfitScale {
  min: number;
  max: number;
  /** Screen y of a value, for a plot area from `top` to `top + height`. */
  y: (v: number) => number;
}

export function profitScale(values: number[], top: number, height: number): ProfitScale {
  let max = Math.max(0, ...values);
  let min = Math.min(0, ...values);
  if (max === min) max = 1; // all zero: an empty but drawable scale
  // 5% headroom so the tallest bar does not touch the edge.
  const pad = (max - min) * 0.05;
  if (max > 0) max += pad;
  if (min < 0) min -= pad;
  const y = (v: number) => top + ((max - v) / (max - min)) * height;
  return { min, max, y };
}

/** "21/11" for an axis label: the day key read as a calendar day, no time zone. */
export function shortDayLabel(day: string): string {
  const [, m, d] = day.split('-');
  return `${d}/${m}`;
}
