import { pad2 } from './days.ts';
import { Big, decimalPlaces, roundHalfUp, toFixedString } from './money/decimal.ts';

/**
 * es-ES formatting, used by the web and by server-made texts (formattedDate, Excel, emails).
 * Numbers and long days are written without Intl: a page's first Intl format starts the browser's
 * ICU (locale data, number and calendar set-up), 18–45 ms of the dashboard's entry task on an
 * unthrottled desktop, four times that on Lighthouse's phone (docs/decisions/0024-entry-and-commit-tasks.md).
 * format.test.ts checks every function here against Intl's es-ES output, property by property.
 */
const LOCALE = 'es-ES';

type Num = number | string | null | undefined;
const toNumber = (v: Num): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/**
 * `x` as Intl.NumberFormat('es-ES', { minimumFractionDigits: min, maximumFractionDigits: max,
 * useGrouping: 'always' }) writes it: "." between thousands, "," before the decimals, ties away
 * from zero (the money rounding, money/decimal.ts). Like Intl, it rounds the number's shortest
 * decimal form (big.js reads a number through String(): 1.005 is "1.005", so 1,01), not its binary
 * value (1.00499…, which toFixed would round to 1,00).
 */
function formatDecimal(x: number, min: number, max: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const negative = x < 0 || Object.is(x, -0); // Intl writes -0 and -0.001 as "-0,00"
  const rounded = roundHalfUp(new Big(Math.abs(x)), max);
  const [int = '0', frac = ''] = toFixedString(rounded, Math.max(min, decimalPlaces(rounded))).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

/** 1234.5 → "1.234,50 USD" */
export const formatUsd = (v: Num): string => `${formatDecimal(toNumber(v), 2, 2)} USD`;
/** A fee keeps its up to 8 decimals (docs/product.md#binance-import): 0.1 → "0,10 USD", 0.00012345 → "0,00012345 USD" */
export const formatFee = (v: Num): string => `${formatDecimal(toNumber(v), 2, 8)} USD`;
/** 1234.5 → "1.234,50 Bs.S" */
export const formatBs = (v: Num): string => `${formatDecimal(toNumber(v), 2, 2)} Bs.S`;
/** 236.4567 → "236,4567 Bs" */
export const formatRate = (v: Num): string => `${formatDecimal(toNumber(v), 2, 4)} Bs`;
/** Plain es-ES number with 2 decimals, no unit. */
export const formatNumber2 = (v: Num): string => formatDecimal(toNumber(v), 2, 2);
/** Plain es-ES number with `min`…`max` decimals, no unit: (1562.25, 2, 4) → "1.562,25" (tables whose header names the unit). */
export const formatNumber = (v: Num, min: number, max: number): string => formatDecimal(toNumber(v), min, max);

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** "2026-11-21" → "sábado, 21 de noviembre de 2026" (the day key is a calendar day, no zone). */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid day: ${day}`); // as Intl's format did
  const weekday = WEEKDAYS[date.getUTCDay()];
  return `${weekday}, ${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** "2026-11" → "noviembre de 2026" (a report's month, docs/product.md#reportes). */
export function formatMonthLong(mes: string): string {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} de ${y}`;
}

/** "2026-11-21" → "21/11/2026" */
export function formatDayShort(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Caracas has kept UTC−4 without daylight saving since 2016-05-01 02:30 (UTC−4:30 before), so an
 * instant from then on is written there without Intl. The rates panel dates every rate in Caracas
 * time: it was the dashboard's one Intl.DateTimeFormat with a time zone, whose first use loads the
 * zone data (31 ms of one task on this machine, unthrottled: 126 ms of Lighthouse's TBT,
 * docs/decisions/0026-the-tools-task-and-a-slower-machine.md). Earlier instants and other zones go to Intl.
 */
const CARACAS = 'America/Caracas';
const CARACAS_FIXED_SINCE = Date.UTC(2016, 4, 1, 7, 0);
const CARACAS_OFFSET_MS = -4 * 3_600_000;

/**
 * An instant in es-ES with date and time, as Intl's `dateStyle: 'short', timeStyle: 'short'`
 * writes it ("21/11/26, 14:05"), or undefined for an invalid one.
 */
export function formatDateTime(value: string | Date, timeZone?: string): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  if (timeZone === CARACAS && date.getTime() >= CARACAS_FIXED_SINCE) {
    const local = new Date(date.getTime() + CARACAS_OFFSET_MS);
    const day = `${local.getUTCDate()}/${local.getUTCMonth() + 1}/${pad2(local.getUTCFullYear() % 100)}`;
    return `${day}, ${local.getUTCHours()}:${pad2(local.getUTCMinutes())}`;
  }
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** An instant as an es-ES calendar date ("21/11/2026"). */
export function formatDate(value: string | Date, timeZone?: string): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}
