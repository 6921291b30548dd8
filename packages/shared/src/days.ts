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
 * than formatting with it, and the dashboard's first render asks today's key several times
 * (Lighthouse TBT, docs/decisions/0019-dashboard-first-paint.md "Lighter rows, shorter tasks").
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in a time zone (default: the runtime's own). */
export function todayKey(timeZone?: string, now: Date = new Date()): string {
  let fmt = dayFormats.get(timeZone ?? '');
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) });
    dayFormats.set(timeZone ?? '', fmt);
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

/** The query value if it is a valid day, else today (docs/product.md#screens: invalid dates fall back to today). */
export function dayOrToday(value: string | null | undefined, timeZone?: string): string {
  return isDayKey(value) ? value : todayKey(timeZone);
}
