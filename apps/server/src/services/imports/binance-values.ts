import { Big } from '@arb/shared';
import { normalizeHeader } from './binance-columns.ts';

/**
 * Reading the values of a Binance P2P export (docs/product.md#binance-import): numbers in one form per file, times
 * without a zone read in a chosen IANA zone, order types and statuses in English or Spanish.
 */
export type NumberForm = 'english' | 'spanish';

/** A cell as the readers give it: CSV cells are text; XLSX cells may be numbers or dates. */
export type Cell = string | number | Date | null;

/** Spanish when the file is `;`-delimited or a Price cell ends in a comma and 1–4 digits. */
export function looksSpanishPrice(text: string): boolean {
  return /,\d{1,4}$/.test(text.trim());
}

const ENGLISH = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const SPANISH = /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

/** A cell's number as plain decimal text ("1562.25"), or null when it cannot be read. Thousands groups have exactly 3 digits. */
function plainNumber(cell: Cell, form: NumberForm): string | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? new Big(cell).toFixed() : null;
  if (typeof cell !== 'string') return null;
  // Some exports append the asset ("0.05 USDT"); spaces (also non-breaking) carry no meaning.
  const text = cell.replace(/[\s\u00a0]+[A-Za-z]{2,6}$/, '').replace(/[\s\u00a0]/g, '');
  if (form === 'english') return ENGLISH.test(text) ? text.replaceAll(',', '') : null;
  return SPANISH.test(text) ? text.replaceAll('.', '').replace(',', '.') : null;
}

/** An exact decimal from a cell, or null when it cannot be read. Thousands groups have exactly 3 digits. */
export function readNumber(cell: Cell, form: NumberForm): Big | null {
  const text = plainNumber(cell, form);
  return text === null ? null : new Big(text);
}

/**
 * An exact decimal as an integer of 10^-dp units (12.50 → 1250n, dp 2). The importer reads its
 * 100,000 numbers per 20,000-row file this way rather than as big.js objects, which allocated
 * ~10 KB per row (docs/decisions/0018).
 */
export interface Decimal {
  units: bigint;
  dp: number;
}

/** readNumber's value as a Decimal (same texts accepted, same value). */
export function readDecimal(cell: Cell, form: NumberForm): Decimal | null {
  const text = plainNumber(cell, form);
  if (text === null) return null;
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]/, '');
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  const units = BigInt(`${int}${frac}` || '0');
  return { units: negative ? -units : units, dp: frac.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** a + b, exactly. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const dp = Math.max(a.dp, b.dp);
  return { units: a.units * pow10(dp - a.dp) + b.units * pow10(dp - b.dp), dp };
}

/** Rounds half-up (away from zero) to `dp` decimals; `changed` says whether that lost anything (zero padding does not). */
export function roundDecimal(d: Decimal, dp: number): { value: Decimal; changed: boolean } {
  if (d.dp <= dp) return { value: { units: d.units * pow10(dp - d.dp), dp }, changed: false };
  const f = pow10(d.dp - dp);
  let q = d.units / f;
  const r = d.units % f;
  if ((r < 0n ? -r : r) * 2n >= f) q += d.units < 0n ? -1n : 1n;
  return { value: { units: q, dp }, changed: r !== 0n };
}

/** The value with exactly its `dp` decimals ("1250n, 2" → "12.50"); never "-0.00". */
export function decimalText(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.dp + 1, '0');
  const int = digits.slice(0, digits.length - d.dp);
  const text = d.dp === 0 ? int : `${int}.${digits.slice(digits.length - d.dp)}`;
  return negative ? `-${text}` : text;
}

/** The value in plain notation without trailing zeros ("12.50" → "12.5"), as big.js prints it. */
export function decimalPlain(d: Decimal): string {
  const text = decimalText(d);
  return d.dp === 0 ? text : text.replace(/\.?0+$/, '');
}

/** a > b. */
export function decimalGt(a: Decimal, b: Decimal): boolean {
  const dp = Math.max(a.dp, b.dp);
  return a.units * pow10(dp - a.dp) > b.units * pow10(dp - b.dp);
}

/** Memoised: an export repeats a handful of distinct texts 20,000 times. */
const normalized = new Map<string, string>();
function norm(text: string): string {
  let n = normalized.get(text);
  if (n === undefined) {
    n = normalizeHeader(text);
    if (normalized.size > 10_000) normalized.clear();
    normalized.set(text, n);
  }
  return n;
}

export function readOrderType(text: string): 'SELL' | 'BUY' | null {
  const t = norm(text);
  if (t === 'sell' || t === 'vender' || t === 'venta') return 'SELL';
  if (t === 'buy' || t === 'comprar' || t === 'compra') return 'BUY';
  return null;
}

export function isCompleted(status: string): boolean {
  const s = norm(status);
  return s === 'completed' || s === 'completado' || s === 'completada';
}

export interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

const TIME_RE = /^(\d{4}|\d{2})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DD HH:mm:ss` or `YY-MM-DD HH:mm:ss` (20YY); XLSX date cells carry the wall clock in UTC fields. */
export function readWallClock(cell: Cell): WallClock | null {
  let wc: WallClock;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    wc = {
      y: cell.getUTCFullYear(),
      mo: cell.getUTCMonth() + 1,
      d: cell.getUTCDate(),
      h: cell.getUTCHours(),
      mi: cell.getUTCMinutes(),
      s: cell.getUTCSeconds(),
    };
  } else if (typeof cell === 'number') {
    // An Excel serial date without a date style: days since 1899-12-30.
    if (!Number.isFinite(cell) || cell < 36526 || cell > 73051) return null;
    return readWallClock(new Date(Math.round((cell - 25569) * 86_400_000)));
  } else if (typeof cell === 'string') {
    const m = TIME_RE.exec(cell.trim());
    if (!m) return null;
    const [, ys, mo, d, h, mi, s] = m as unknown as [string, string, string, string, string, string, string | undefined];
    wc = {
      y: ys.length === 2 ? 2000 + Number(ys) : Number(ys),
      mo: Number(mo),
      d: Number(d),
      h: Number(h),
      mi: Number(mi),
      s: Number(s ?? 0),
    };
  } else return null;
  const check = new Date(Date.UTC(wc.y, wc.mo - 1, wc.d, wc.h, wc.mi, wc.s));
  const valid =
    check.getUTCFullYear() === wc.y &&
    check.getUTCMonth() === wc.mo - 1 &&
    check.getUTCDate() === wc.d &&
    check.getUTCHours() === wc.h &&
    check.getUTCMinutes() === wc.mi &&
    check.getUTCSeconds() === wc.s;
  return valid && wc.y >= 2000 && wc.y <= 2200 ? wc : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for a name that is not an IANA zone. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year!, mo: parts.month!, d: parts.day!, h: parts.hour!, mi: parts.minute!, s: parts.second! };
}

const utcOf = (wc: WallClock) => Date.UTC(wc.y, wc.mo - 1, wc.d, wc.h, wc.mi, wc.s);

/**
 * The zone's offset from UTC at an instant, in ms. Zone offsets change on whole quarter hours, so
 * one reading per zone and quarter hour serves every order in it; and a day whose start and end
 * have the same offset has it all day (a zone changes at most once a day), so most days need two
 * Intl calls in all (20,000 orders over a few months: a few hundred calls instead of 80,000).
 */
const QUARTER = 900_000;
const DAY = 86_400_000;
const offsets = new Map<string, { quarters: Map<number, number>; days: Map<number, number> }>();
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = { quarters: new Map(), days: new Map() };
    offsets.set(timeZone, zone);
  }
  const day = Math.floor(ms / DAY);
  const daily = zone.days.get(day);
  if (daily !== undefined) return daily;
  const quarterOffset = (q: number): number => {
    let offset = zone.quarters.get(q);
    if (offset === undefined) {
      const at = q * QUARTER;
      offset = utcOf(wallClockAt(at, timeZone)) - at;
      if (zone.quarters.size > 100_000) zone.quarters.clear();
      zone.quarters.set(q, offset);
    }
    return offset;
  };
  const first = quarterOffset(day * (DAY / QUARTER));
  const last = quarterOffset((day + 1) * (DAY / QUARTER) - 1);
  if (first === last) {
    if (zone.days.size > 100_000) zone.days.clear();
    zone.days.set(day, first);
    return first;
  }
  return quarterOffset(Math.floor(ms / QUARTER));
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** The wall clock of an instant shifted by an offset, read from UTC fields (no Intl call). */
function shifted(ms: number, offset: number): WallClock {
  const d = new Date(ms + offset);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}

/**
 * The instant a wall clock names in a zone, written as ISO 8601 with that zone's offset
 * ("2024-05-01T10:00:00-04:00"), and the ledger day of that instant in `ledgerZone`.
 */
export function zonedInstant(wc: WallClock, timeZone: string, ledgerZone: string): { iso: string; utc: string; fecha: string } {
  const guess = utcOf(wc);
  let offset = offsetAt(guess - offsetAt(guess, timeZone), timeZone);
  // At a DST change the second reading is the offset that applies to the named wall clock.
  if (offsetAt(guess - offset, timeZone) !== offset) offset = offsetAt(guess - offset, timeZone);
  const ms = guess - offset;
  const shown = shifted(ms, offset);
  const mins = Math.round(offset / 60_000);
  const sign = mins < 0 ? '-' : '+';
  const iso = `${shown.y}-${pad(shown.mo)}-${pad(shown.d)}T${pad(shown.h)}:${pad(shown.mi)}:${pad(shown.s)}${sign}${pad(Math.floor(Math.abs(mins) / 60))}:${pad(Math.abs(mins) % 60)}`;
  const day = timeZone === ledgerZone ? shown : shifted(ms, offsetAt(ms, ledgerZone));
  return { iso, utc: new Date(ms).toISOString(), fecha: `${day.y}-${pad(day.mo)}-${pad(day.d)}` };
}
