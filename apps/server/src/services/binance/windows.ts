import { IMPORT_MAX_ROWS } from '@arb/shared';

/**
 * Which stretch of time a sync asks Binance for (DESIGN §23, §28; docs/product.md#binance-sync).
 * The C2C history answers at most 30 days a request and only the last 180 days; it answers 100
 * rows a page at most. Invariants: windows are oldest first, never overlap, never exceed 30 days,
 * and together cover [start, end] exactly.
 */
export const DAY_MS = 86_400_000;
export const WINDOW_MS = 30 * DAY_MS;
export const HISTORY_MS = 180 * DAY_MS;
/** A sync goes back an hour before its cursor: an order Binance files a little late is still seen. */
export const OVERLAP_MS = 3_600_000;
export const PAGE_ROWS = 100;
/**
 * A hostile or broken upstream cannot keep a run paging forever (docs/decisions/0058): 100 pages
 * is 10,000 orders of one kind in 30 days (over 300 a day; the budget's heavy user has 5,000 in
 * 180 days). A window that would need more is not trusted: `allPages` throws `TooManyPages`.
 */
export const MAX_PAGES = 100;
/** The most orders one window may bring: both kinds, every page full. */
export const WINDOW_MAX_ORDERS = 2 * MAX_PAGES * PAGE_ROWS;
/**
 * The most orders one run holds and commits: the rows one file may bring (IMPORT_MAX_ROWS). A run
 * starts no window that could take it past this; the next run goes on from the cursor.
 */
export const RUN_MAX_ORDERS = IMPORT_MAX_ROWS;

/** A pager that never gave a short page within MAX_PAGES: the window is not complete. */
export class TooManyPages extends Error {
  constructor() {
    super(`more than ${MAX_PAGES} pages`);
    this.name = 'TooManyPages';
  }
}

export interface TimeWindow {
  /** Inclusive, ms since the epoch (UTC). */
  start: number;
  /** Inclusive. */
  end: number;
}

/** Where a run starts: the cursor minus an hour, never before the API's 180 days; the first run goes back 180 days. */
export function syncStart(cursorMs: number | null, nowMs: number): number {
  const oldest = nowMs - HISTORY_MS;
  return cursorMs === null ? oldest : Math.max(oldest, cursorMs - OVERLAP_MS);
}

/** [start, end] cut into windows of at most 30 days, oldest first. */
export function syncWindows(startMs: number, endMs: number): TimeWindow[] {
  const out: TimeWindow[] = [];
  for (let s = startMs; s <= endMs; s += WINDOW_MS) out.push({ start: s, end: Math.min(s + WINDOW_MS - 1, endMs) });
  return out;
}

/**
 * Every page of one query: page 1, 2, … with 100 rows until a page has fewer than 100 (DESIGN §23).
 * `fetchPage` throws to stop the whole window (the cursor then stays before it); so does a query
 * still answering full pages at MAX_PAGES (`TooManyPages`), rather than pass as complete.
 */
export async function allPages<T>(fetchPage: (page: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const got = await fetchPage(page);
    for (const r of got) rows.push(r);
    if (got.length < PAGE_ROWS) return rows;
  }
  throw new TooManyPages();
}
