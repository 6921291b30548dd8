/** Day keys (YYYY-MM-DD): calendar days with no time zone, as the product's ledgers use them. */
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDayKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2200;
}

/**
 * One formatter per zone, built on first use: constructing an Intl.DateTimeFormat costs far more
 * than formatting with it (Lighthouse TBT, docs/decisions/0019-dashboard-first-paint.md "Lighter
 * rows, shorter tasks").
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 7 → "07": the two digits of a day, month, hour or minute. */
export const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Today in a time zone (default: the runtime's own). The runtime's own zone is read from Date,
 * without Intl: the browser asks for today's key before its first render, and a first Intl format
 * there started ICU in the entry's task (docs/decisions/0024-entry-and-commit-tasks.md).
 */
export function todayKey(timeZone?: string, now: Date = new Date()): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid time value'); // as Intl's format does
  if (!timeZone) return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
  let fmt = dayFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayFormats.set(timeZone, fmt);
  }
  return fmt.format(now); // en-CA formats as YYYY-MM-DD
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * The latest day a ledger entry (a transaction, a base balance) may have: tomorrow wherever on Earth
 * it is already tomorrow (UTC+14), so no time zone's tomorrow is refused and 2099 always is (issue 36).
 * The server's schema does not know the browser's zone; the web's fields are stricter (tomorrow there).
 */
export function latestEntryDay(now: Date = new Date()): string {
  return addDays(new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10), 1);
}

/**
 * The query value if it is a valid day no later than tomorrow, else today (docs/product.md#screens:
 * invalid dates fall back to today; a day far ahead is a mistyped link, issue 36).
 */
export function dayOrToday(value: string | null | undefined, timeZone?: string): string {
  const today = todayKey(timeZone);
  return isDayKey(value) && value <= addDays(today, 1) ? value : today;
}
