import type uPlot from 'uplot';
import { formatDayShort, formatRate, reportesMessages } from '@arb/shared';

/** A day key as uPlot's x: that day's UTC midnight, in seconds (the charts' tzDate is UTC). */
export const dayX = (fecha: string): number =>
  Date.UTC(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8))) / 1000;

/** uPlot's x back to its day key, e.g. 1795737600 → "2026-11-27". */
const dayKeyOf = (ts: number): string => new Date(ts * 1000).toISOString().slice(0, 10);

/** "27/11": a tick as the history's own chart labels its days (es-ES day first, never uPlot's US "11/27"). */
export const dayTick = (ts: number): string => formatDayShort(dayKeyOf(ts)).slice(0, 5);

/**
 * The x axis of a chart of days: ticks on whole days only (uPlot would split a short range into
 * hours and label them like days) in es-ES, "27/11".
 */
export const dayAxis: uPlot.Axis = {
  incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90, 180, 365].map((d) => d * 86_400),
  values: (_u, ticks) => ticks.map(dayTick),
};

/** The legend's x: "Fecha 27/11/2026" (uPlot says "Time" and an ISO date by default). */
export const daySeries: uPlot.Series = {
  label: reportesMessages.reporteFecha,
  value: (_u, v) => (v == null ? '—' : formatDayShort(dayKeyOf(v))),
};

/** A rate in the legend as everywhere else, "310,50 Bs"; a day without one, "—". */
export const rateValue = (_u: uPlot, v: number | null): string => (v == null ? '—' : formatRate(v));
