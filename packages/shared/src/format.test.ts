import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayKey } from './days.ts';
import { formatBs, formatDateTime, formatDayLong, formatFee, formatNumber, formatNumber2, formatRate, formatUsd } from './format.ts';

/** What these functions wrote with Intl before decision 0024: the reference they must keep matching. */
const intl = (min: number, max: number) =>
  new Intl.NumberFormat('es-ES', { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: 'always' });
const ref2 = intl(2, 2);
const ref4 = intl(2, 4);
const ref8 = intl(2, 8);
const refDay = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('money figures in es-ES, without Intl', () => {
  it.each([
    // value → USD text: thousands with ".", decimals with ","
    [1234.5, '1.234,50 USD'],
    [0, '0,00 USD'],
    ['1013510', '1.013.510,00 USD'],
    [null, '0,00 USD'],
    ['', '0,00 USD'],
    [-2.345, '-2,35 USD'], // ties away from zero
    [1.005, '1,01 USD'], // the shortest form 1.005 is rounded, as Intl does (toFixed gives 1.00)
    [-0, '-0,00 USD'], // Intl keeps the sign of zero
    [-0.001, '-0,00 USD'],
    [999.995, '1.000,00 USD'],
    [1e21, '1.000.000.000.000.000.000.000,00 USD'],
    ['abc', 'NaN USD'],
    [Infinity, '∞ USD'],
  ])('formatUsd(%s) → %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

  it.each([
    [236.4567, '236,4567 Bs'],
    [36.5, '36,50 Bs'], // at least 2 decimals
    [36.12345, '36,1235 Bs'], // at most 4
  ])('formatRate(%s) → %s', (value, text) => {
    expect(formatRate(value)).toBe(text);
  });

  it.each([
    [0.1, '0,10 USD'],
    [0.00012345, '0,00012345 USD'],
    [1e-7, '0,0000001 USD'], // String(1e-7) is "1e-7"
  ])('formatFee(%s) → %s', (value, text) => {
    expect(formatFee(value)).toBe(text);
  });

  // Amounts (2 decimals), rates (4) and fees (8) as the app stores them, and any double at all.
  const decimals = (dp: number) =>
    fc.tuple(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), fc.constant(dp)).map(([n, d]) => {
      const s = (n < 0n ? -n : n).toString().padStart(d + 1, '0');
      return `${n < 0n ? '-' : ''}${s.slice(0, -d)}.${s.slice(-d)}`;
    });
  const anyNumber = fc.oneof(fc.double({ noNaN: false }), fc.integer(), decimals(2), decimals(4), decimals(8));

  it('writes every number as Intl es-ES does (property)', () => {
    fc.assert(
      fc.property(anyNumber, (v) => {
        const n = Number(v);
        expect(formatUsd(v)).toBe(`${ref2.format(n)} USD`);
        expect(formatBs(v)).toBe(`${ref2.format(n)} Bs.S`);
        expect(formatNumber2(v)).toBe(ref2.format(n));
        expect(formatNumber(v, 2, 8)).toBe(ref8.format(n));
        expect(formatRate(v)).toBe(`${ref4.format(n)} Bs`);
        expect(formatFee(v)).toBe(`${ref8.format(n)} USD`);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('days without Intl', () => {
  it.each([
    ['2026-11-21', 'sábado, 21 de noviembre de 2026'],
    ['2026-01-04', 'domingo, 4 de enero de 2026'],
    ['2024-02-29', 'jueves, 29 de febrero de 2024'],
  ])('formatDayLong(%s) → %s', (day, text) => {
    expect(formatDayLong(day)).toBe(text);
  });

  it('formatDayLong refuses a day that is not one, as Intl did', () => {
    expect(() => formatDayLong('no-es-un-dia')).toThrow(RangeError);
  });

  it('formatDayLong writes every day of 2000–2200 as Intl es-ES does (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        expect(formatDayLong(day)).toBe(refDay.format(new Date(`${day}T00:00:00Z`)));
      }),
      { numRuns: 2000 },
    );
  });

  it("todayKey() is the runtime zone's day, as Intl en-CA writes it (property)", () => {
    const local = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(todayKey(undefined, d)).toBe(local.format(d));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    // 2026-03-02 03:30 UTC is still March 1st in Caracas (UTC−4) and already the 2nd in Madrid.
    ['America/Caracas', '2026-03-01'],
    ['Europe/Madrid', '2026-03-02'],
  ])('todayKey(%s) is that zone’s day', (zone, day) => {
    expect(todayKey(zone, new Date('2026-03-02T03:30:00Z'))).toBe(day);
  });

  it.each([
    // 2026-11-21 18:30 UTC is 14:30 in Caracas (UTC−4); 03:05 UTC on the 1st is still the 28th of February there.
    ['2026-11-21T18:30:00.000Z', '21/11/26, 14:30'],
    ['2026-03-01T03:05:00Z', '28/2/26, 23:05'],
    // The first minute of UTC−4: 2016-05-01 07:00 UTC is 03:00; the minute before is 02:29 at UTC−4:30 (Intl's path).
    ['2016-05-01T07:00:00Z', '1/5/16, 3:00'],
    ['2016-05-01T06:59:00Z', '1/5/16, 2:29'],
    // Before −4:30 (2007-12-09) Caracas was UTC−4 again.
    ['2000-01-01T00:00:00Z', '31/12/99, 20:00'],
  ])('formatDateTime(%s, Caracas) → %s', (iso, text) => {
    expect(formatDateTime(iso, 'America/Caracas')).toBe(text);
  });

  it('formatDateTime writes every instant from 2016-05 to 2200 in Caracas as Intl es-ES does (property)', () => {
    const ref = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Caracas' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2016-05-01T07:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(formatDateTime(d, 'America/Caracas')).toBe(ref.format(d));
      }),
      { numRuns: 3000 },
    );
  });

  it('formatDateTime refuses an invalid instant with undefined, in Caracas as elsewhere', () => {
    expect(formatDateTime('ayer', 'America/Caracas')).toBeUndefined();
    expect(formatDateTime(new Date(Number.NaN))).toBeUndefined();
  });

  it('todayKey refuses an invalid instant, as Intl did', () => {
    expect(() => todayKey(undefined, new Date(Number.NaN))).toThrow(RangeError);
  });
});
