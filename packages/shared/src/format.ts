/** es-ES formatting, used by the web and by server-made texts (formattedDate, Excel, emails). */
const LOCALE = 'es-ES';

const usdFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
const bsFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
const rateFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: 'always' });

type Num = number | string | null | undefined;
const toNumber = (v: Num): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** 1234.5 → "1.234,50 USD" */
export const formatUsd = (v: Num): string => `${usdFmt.format(toNumber(v))} USD`;
const feeFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 8, useGrouping: 'always' });
/** A fee keeps its up to 8 decimals (docs/product.md#binance-import): 0.1 → "0,10 USD", 0.00012345 → "0,00012345 USD" */
export const formatFee = (v: Num): string => `${feeFmt.format(toNumber(v))} USD`;
/** 1234.5 → "1.234,50 Bs.S" */
export const formatBs = (v: Num): string => `${bsFmt.format(toNumber(v))} Bs.S`;
/** 236.4567 → "236,4567 Bs" */
export const formatRate = (v: Num): string => `${rateFmt.format(toNumber(v))} Bs`;
/** Plain es-ES number with 2 decimals, no unit. */
export const formatNumber2 = (v: Num): string => usdFmt.format(toNumber(v));

// Built once: constructing an Intl.DateTimeFormat costs ~90 µs, and the history lists ~1,000 days.
const dayLongFmt = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "2026-11-21" → "sábado, 21 de noviembre de 2026" (the day key is a calendar day, no zone). */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayLongFmt.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "2026-11-21" → "21/11/2026" */
export function formatDayShort(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** An instant in es-ES with date and time ("21/11/2026, 14:05"), or undefined for an invalid one. */
export function formatDateTime(value: string | Date, timeZone?: string): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** An instant as an es-ES calendar date ("21/11/2026"). */
export function formatDate(value: string | Date, timeZone?: string): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}
