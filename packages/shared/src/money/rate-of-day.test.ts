import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../days.ts';
import { rateOfDay, ratesOfDays, type RateDayCandidate } from './rate-of-day.ts';

/** DESIGN §28: history for D, else the last live value fetched on D, else the latest earlier day's. */
describe('the rate of a day', () => {
  const stored: RateDayCandidate[] = [
    { fecha: '2026-11-16', historico: '300.0000' },
    { fecha: '2026-11-17', historico: '301.0000', vivo: '305.5000' }, // both: history wins
    { fecha: '2026-11-18', vivo: '306.0000' }, // live only
    // 19th: nothing stored → the 18th's
    { fecha: '2026-11-20', vivo: '307.0000' },
    { fecha: '2026-11-20', historico: '302.0000' }, // the history of the 20th arrives later: it wins
  ];

  it.each([
    ['2026-11-15', null], // before anything stored
    ['2026-11-16', { valor: '300.0000', dia: '2026-11-16', origen: 'historico' }],
    ['2026-11-17', { valor: '301.0000', dia: '2026-11-17', origen: 'historico' }],
    ['2026-11-18', { valor: '306.0000', dia: '2026-11-18', origen: 'vivo' }],
    ['2026-11-19', { valor: '306.0000', dia: '2026-11-18', origen: 'vivo' }], // carried from the 18th
    ['2026-11-20', { valor: '302.0000', dia: '2026-11-20', origen: 'historico' }],
    ['2026-12-31', { valor: '302.0000', dia: '2026-11-20', origen: 'historico' }], // carried far
  ])('%s → %j', (fecha, expected) => {
    expect(rateOfDay(stored, fecha)).toEqual(expected);
  });

  it('a range walks every calendar day, seeded by the latest day before it', () => {
    const days = ratesOfDays(stored, '2026-11-18', '2026-11-21');
    expect(days.map((d) => d && `${d.valor}@${d.dia}`)).toEqual([
      '306.0000@2026-11-18',
      '306.0000@2026-11-18', // 19th: gap
      '302.0000@2026-11-20',
      '302.0000@2026-11-20', // 21st: gap
    ]);
    // Seeded from before the range: the 17th's history (not its live value).
    expect(ratesOfDays(stored.slice(0, 2), '2026-11-18', '2026-11-19').map((d) => d?.valor)).toEqual(['301.0000', '301.0000']);
    // Candidates after `hasta` never leak backwards.
    expect(ratesOfDays([{ fecha: '2026-11-30', historico: '1' }], '2026-11-01', '2026-11-02')).toEqual([null, null]);
  });

  it('an empty value is no value', () => {
    expect(rateOfDay([{ fecha: '2026-11-20', historico: null, vivo: '' }], '2026-11-20')).toBeNull();
  });
});

describe('the rate of a day (properties)', () => {
  const candidate = fc.record({
    fecha: fc.integer({ min: 0, max: 40 }).map((n) => addDays('2026-11-01', n)),
    historico: fc.option(fc.integer({ min: 1, max: 999 }).map(String), { nil: undefined }),
    vivo: fc.option(fc.integer({ min: 1, max: 999 }).map(String), { nil: undefined }),
  });

  it('a range walk says for every day what asking that day alone says', () => {
    fc.assert(
      fc.property(
        fc.array(candidate, { maxLength: 25 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 15 }),
        (cs, from, len) => {
          const desde = addDays('2026-11-01', from);
          const hasta = addDays(desde, len);
          const walked = ratesOfDays(cs, desde, hasta);
          walked.forEach((r, i) => expect(r).toEqual(rateOfDay(cs, addDays(desde, i))));
        },
      ),
    );
  });

  it('a value never comes from a later day, and a day with a history value always answers it', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 25 }), fc.integer({ min: 0, max: 40 }), (cs, n) => {
        const day = addDays('2026-11-01', n);
        const r = rateOfDay(cs, day);
        if (r) expect(r.dia <= day).toBe(true);
        const own = cs.find((c) => c.fecha === day && c.historico);
        if (own) expect(r).toMatchObject({ dia: day, origen: 'historico' });
      }),
    );
  });
});
