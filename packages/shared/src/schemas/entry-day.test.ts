import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayOrToday, latestEntryDay, todayKey } from '../days.ts';
import { entryDayKeySchema } from './common.ts';

afterEach(() => vi.useRealTimers());

describe('latestEntryDay: tomorrow wherever it is already tomorrow (UTC+14)', () => {
  it.each([
    ['2026-11-27T00:00:00Z', '2026-11-28'], // +14 h → 27th 14:00 → tomorrow the 28th
    ['2026-11-27T09:59:00Z', '2026-11-28'], // +14 h → 27th 23:59
    ['2026-11-27T10:00:00Z', '2026-11-29'], // +14 h → 28th 00:00 in Kiritimati: its tomorrow is the 29th
    ['2026-12-31T23:00:00Z', '2027-01-02'],
  ])('at %s → %s', (now, latest) => {
    expect(latestEntryDay(new Date(now))).toBe(latest);
  });
});

describe('entryDayKeySchema: the day of a transaction or a base balance (issue 36)', () => {
  const error = (v: unknown) => {
    const r = entryDayKeySchema.safeParse(v);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it("takes any past day, today and Caracas's tomorrow", () => {
    // 23:30 in Caracas on the 27th (03:30 UTC on the 28th): its tomorrow is the 28th.
    vi.useFakeTimers({ now: Date.parse('2026-11-28T03:30:00Z'), toFake: ['Date'] });
    for (const day of ['2020-01-01', '2026-11-27', '2026-11-28']) expect(error(day), day).toBeNull();
    // 00:30 in Caracas on the 27th (04:30 UTC): tomorrow the 28th is taken too.
    vi.setSystemTime(Date.parse('2026-11-27T04:30:00Z'));
    expect(error('2026-11-28')).toBeNull();
  });

  it('refuses 2099 and any day after tomorrow everywhere, in Spanish', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    // Latest: 27th 12:00 + 14 h = 28th 02:00 → the 29th.
    expect(error('2026-11-29')).toBeNull();
    expect(error('2026-11-30')).toEqual(['La fecha no puede ser posterior a mañana']);
    expect(error('2099-01-01')).toEqual(['La fecha no puede ser posterior a mañana']);
  });

  it('a malformed day is "Fecha inválida", once', () => {
    expect(error('2026-02-31')).toEqual(['Fecha inválida']);
    expect(error('mañana')).toEqual(['Fecha inválida']);
    expect(error(20261127)).toEqual(['Fecha inválida']);
  });
});

describe("dayOrToday: the dashboard link's day, or today", () => {
  it('keeps a valid day up to tomorrow; a malformed one or one further ahead is today', () => {
    const today = todayKey();
    expect(dayOrToday('2026-01-15')).toBe('2026-01-15');
    expect(dayOrToday(addDays(today, 1))).toBe(addDays(today, 1));
    expect(dayOrToday(addDays(today, 2))).toBe(today);
    expect(dayOrToday('2099-01-01')).toBe(today);
    expect(dayOrToday('2026-02-31')).toBe(today);
    expect(dayOrToday(undefined)).toBe(today);
  });
});
