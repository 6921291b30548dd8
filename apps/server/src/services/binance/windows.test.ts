import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allPages,
  DAY_MS,
  HISTORY_MS,
  MAX_PAGES,
  OVERLAP_MS,
  PAGE_ROWS,
  syncStart,
  syncWindows,
  TooManyPages,
  WINDOW_MS,
} from './windows.ts';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('sync windows (DESIGN §23, §28)', () => {
  it.each([
    // First sync: 180 days back.
    ['first sync', null, NOW - 180 * DAY_MS],
    // A cursor two days back: start one hour before it.
    ['cursor 2 days back', NOW - 2 * DAY_MS, NOW - 2 * DAY_MS - 3_600_000],
    // A cursor older than the API's 180 days: clamped to 180 days.
    ['cursor 200 days back', NOW - 200 * DAY_MS, NOW - HISTORY_MS],
  ])('%s starts where it should', (_name, cursor, start) => {
    expect(syncStart(cursor, NOW)).toBe(start);
  });

  it('cuts 180 days into six windows of 30 days, oldest first', () => {
    const w = syncWindows(NOW - 180 * DAY_MS, NOW);
    // 180 / 30 = 6 full windows plus the one millisecond NOW itself (end inclusive).
    expect(w.length).toBe(7);
    expect(w[0]).toEqual({ start: NOW - 180 * DAY_MS, end: NOW - 150 * DAY_MS - 1 });
    expect(w.at(-1)).toEqual({ start: NOW, end: NOW });
  });

  it('a short stretch is one window', () => {
    expect(syncWindows(NOW - OVERLAP_MS, NOW)).toEqual([{ start: NOW - OVERLAP_MS, end: NOW }]);
  });

  it('windows never exceed 30 days, never overlap, and cover [start, end] exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY_MS }), fc.integer({ min: 0, max: 400 * DAY_MS }), (a, len) => {
        const w = syncWindows(a, a + len);
        expect(w[0]!.start).toBe(a);
        expect(w.at(-1)!.end).toBe(a + len);
        for (let i = 0; i < w.length; i++) {
          expect(w[i]!.end - w[i]!.start).toBeLessThan(WINDOW_MS);
          if (i > 0) expect(w[i]!.start).toBe(w[i - 1]!.end + 1);
        }
      }),
    );
  });
});

describe('paging (DESIGN §23)', () => {
  const pager = (total: number) => {
    const asked: number[] = [];
    const fetch = async (page: number) => {
      asked.push(page);
      const from = (page - 1) * PAGE_ROWS;
      return Array.from({ length: Math.max(0, Math.min(PAGE_ROWS, total - from)) }, (_, i) => from + i);
    };
    return { asked, fetch };
  };

  it.each([
    // 0 rows: one empty page.
    [0, [1]],
    // 99 rows: one short page.
    [99, [1]],
    // exactly 100: page 2 comes back empty and ends it.
    [100, [1, 2]],
    // 250 = 100 + 100 + 50.
    [250, [1, 2, 3]],
  ])('%i rows ask pages %j', async (total, pages) => {
    const p = pager(total);
    const rows = await allPages(p.fetch);
    expect(rows.length).toBe(total);
    expect(p.asked).toEqual(pages);
    expect(new Set(rows).size).toBe(total);
  });

  it('refuses a pager that never ends at MAX_PAGES rather than pass the window as complete', async () => {
    let calls = 0;
    await expect(
      allPages(async () => {
        calls++;
        return Array.from({ length: PAGE_ROWS }, () => 0);
      }),
    ).rejects.toBeInstanceOf(TooManyPages);
    expect(calls).toBe(MAX_PAGES);
  });
});
