import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAT, unrealized, walkAverageCost, type AverageCostRow, type AverageCostState } from './average-cost.ts';
import { Big, toFixedString } from './decimal.ts';
import { computeTransaction } from './transaction-math.ts';

const sale = (venta: string | number, tasa_venta: string | number, comision_usd: string | number = 0): AverageCostRow => ({
  venta,
  tasa_venta,
  compra: 0,
  tasa_compra: 0,
  comision_usd,
});
const purchase = (compra: string | number, tasa_compra: string | number, comision_usd: string | number = 0): AverageCostRow => ({
  venta: 0,
  tasa_venta: 0,
  compra,
  tasa_compra,
  comision_usd,
});
const paired = (
  venta: number | string,
  tv: number | string,
  compra: number | string,
  tc: number | string,
  comision_usd: number | string = 0,
) => ({
  venta,
  tasa_venta: tv,
  compra,
  tasa_compra: tc,
  comision_usd,
});

interface Case {
  name: string;
  start?: AverageCostState;
  rows: AverageCostRow[];
  /** Each row's [realized Bs, realized USD]. */
  realized: Array<[string, string]>;
  end: AverageCostState;
}

const cases: Case[] = [
  {
    // sale 100 @ 250 first: N = −100, A = 250; purchase 100 @ 240 closes the short:
    // c = 100, Bs = 100 × (250 − 240) = 1,000.00; USD = 1,000 / 240 = 4.1666… → 4.17 (docs/product.md#money's figure)
    name: 'paired row from a flat position',
    rows: [paired(100, 250, 100, 240)],
    realized: [['1000.00', '4.17']],
    end: FLAT,
  },
  {
    // day 1: lone sale 100 @ 250 realizes 0, N = −100 @ 250;
    // day 2: purchase 100 @ 240: Bs = 100 × (250 − 240) = 1,000; USD = 1,000 / 240 → 4.17; flat again
    name: 'lone sale, then the purchase on a later day',
    rows: [sale(100, 250), purchase(100, 240)],
    realized: [
      ['0.00', '0.00'],
      ['1000.00', '4.17'],
    ],
    end: FLAT,
  },
  {
    // buy 30 @ 241.5: N = 30, A = 241.5
    // buy 70 @ 243.1234: A = (30 × 241.5 + 70 × 243.1234) / 100 = (7,245 + 17,018.638) / 100 = 242.63638
    // sell 40 @ 245: c = 40, Bs = 40 × (245 − 242.63638) = 94.5448 → 94.54; USD = 94.5448 / 245 = 0.38589… → 0.39
    //   N = 60, A unchanged 242.63638
    // sell 25.55 @ 240.01: Bs = 25.55 × (240.01 − 242.63638) = 25.55 × −2.62638 = −67.104009 → −67.10;
    //   USD = −67.104009 / 240.01 = −0.27959… → −0.28; N = 34.45
    name: 'extend, then partial closes with a non-round average',
    rows: [purchase(30, '241.5'), purchase(70, '243.1234'), sale(40, 245), sale('25.55', '240.01')],
    realized: [
      ['0.00', '0.00'],
      ['0.00', '0.00'],
      ['94.54', '0.39'],
      ['-67.10', '-0.28'],
    ],
    end: { posicion_usd: '34.45', costo_promedio: '242.63638' },
  },
  {
    // buy 3 @ 10, buy 3 @ 11: A = (30 + 33) / 6 = 10.5; buy 1 @ 12: A = (63 + 12) / 7 = 10.714285714285714… → 10.714285714286
    // sell 7 @ 11: Bs = 7 × (11 − 10.714285714286) = 7 × 0.285714285714 = 1.999999999998 → 2.00;
    //   USD = 1.999999999998 / 11 = 0.1818… → 0.18; flat, A = 0
    name: 'a 12-decimal average carried between trades',
    rows: [purchase(3, 10), purchase(3, 11), purchase(1, 12), sale(7, 11)],
    realized: [
      ['0.00', '0.00'],
      ['0.00', '0.00'],
      ['0.00', '0.00'],
      ['2.00', '0.18'],
    ],
    end: FLAT,
  },
  {
    // long 50 @ 240; sell 80 @ 250: c = 50 closes the long: Bs = 50 × 10 = 500; USD = 500 / 250 = 2.00;
    // the remaining 30 open a short at A = 250 → N = −30 @ 250
    // buy 10 @ 245 (reduces the short): Bs = 10 × (250 − 245) = 50; USD = 50 / 245 = 0.2040… → 0.20; N = −20 @ 250
    name: 'a flip: the remainder opens the other side at its price',
    start: { posicion_usd: '50', costo_promedio: '240' },
    rows: [sale(80, 250), purchase(10, 245)],
    realized: [
      ['500.00', '2.00'],
      ['50.00', '0.20'],
    ],
    end: { posicion_usd: '-20', costo_promedio: '250' },
  },
  {
    // fee on a paired row, valued at its sale rate: Bs = 1,000 − 0.5 × 250 = 875.00;
    //   USD = 1,000 / 240 − 0.5 = 3.6666… → 3.67
    // fee on a lone purchase (opens long 10 @ 240), valued at its purchase rate: Bs = −1 × 240 = −240.00; USD = −1.00
    // fee 0.00000001 on a lone sale closing it at 250: Bs = 10 × 10 − 0.0000025 = 99.9999975 → 100.00;
    //   USD = 100 / 250 − 0.00000001 = 0.39999999 → 0.40
    name: 'fees are a cost and never move the position',
    rows: [paired(100, 250, 100, 240, '0.5'), purchase(10, 240, 1), sale(10, 250, '0.00000001')],
    realized: [
      ['875.00', '3.67'],
      ['-240.00', '-1.00'],
      ['100.00', '0.40'],
    ],
    end: FLAT,
  },
];

describe('walkAverageCost (docs/product.md#profit-method-and-position)', () => {
  it.each(cases)('$name', ({ rows, start, realized, end }) => {
    const walk = walkAverageCost(rows, start);
    expect(walk.rows.map((r) => [r.realizado_ves, r.realizado_usd])).toEqual(realized);
    expect(walk.state).toEqual(end);
    // totals are sums of the rounded rows
    const sum = (i: 0 | 1) => realized.reduce((acc, r) => acc.plus(r[i]), new Big(0)).toFixed(2);
    expect(walk.realizado_ves).toBe(sum(0));
    expect(walk.realizado_usd).toBe(sum(1));
  });

  it('a paired row from flat realizes the per-operation USD exactly, and its Bs within the rounding of the two sides', () => {
    fc.assert(
      fc.property(amount(), rate(), rate(), (q, tv, tc) => {
        const row = paired(q, tv, q, tc);
        const walk = walkAverageCost([row]);
        const f = computeTransaction(row);
        // The walk realizes q × (tv − tc) rounded once; the per-operation row subtracts its two sides
        // as shown, each rounded to the céntimo (docs/decisions/0034): at most one céntimo apart.
        expect(walk.rows[0]!.realizado_ves).toBe(toFixedString(new Big(q).times(new Big(tv).minus(tc)), 2));
        expect(new Big(walk.rows[0]!.realizado_ves).minus(f.ganancia_ves).abs().lte('0.01')).toBe(true);
        expect(walk.rows[0]!.realizado_usd).toBe(f.ganancia_usd);
        expect(walk.state).toEqual(FLAT);
      }),
      { numRuns: 300 },
    );
  });

  it('recomputing from a stored state equals walking from the first row', () => {
    fc.assert(
      fc.property(fc.array(anyRow(), { minLength: 2, maxLength: 30 }), fc.nat(), (rows, cut) => {
        const k = cut % rows.length;
        const whole = walkAverageCost(rows);
        const first = walkAverageCost(rows.slice(0, k));
        const rest = walkAverageCost(rows.slice(k), first.state);
        expect(rest.state).toEqual(whole.state);
        expect([...first.rows, ...rest.rows].map((r) => r.realizado_usd)).toEqual(whole.rows.map((r) => r.realizado_usd));
      }),
    );
  });
});

// Amounts up to 2 dp, rates up to 4 dp, as the schemas accept (kept ≤ 1e6 for speed).
const amount = () => fc.integer({ min: 1, max: 100_000_000 }).map((c) => new Big(c).div(100).toFixed());
const rate = () => fc.integer({ min: 1, max: 10_000_000 }).map((c) => new Big(c).div(10_000).toFixed());
const fee = () =>
  fc.oneof(
    fc.constant('0'),
    fc.integer({ min: 1, max: 100_000_000 }).map((c) => new Big(c).div(1e8).toFixed()),
  );
const anyRow = (): fc.Arbitrary<AverageCostRow> =>
  fc.oneof(
    fc.tuple(amount(), rate(), fee()).map(([q, p, f]) => sale(q, p, f)),
    fc.tuple(amount(), rate(), fee()).map(([q, p, f]) => purchase(q, p, f)),
    fc.tuple(amount(), rate(), amount(), rate(), fee()).map(([v, tv, c, tc, f]) => paired(v, tv, c, tc, f)),
  );
const noFeeRow = () => anyRow().map((r) => ({ ...r, comision_usd: 0 }));

describe('properties (docs/product.md#profit-method-and-position)', () => {
  it('splitting a row into a sale row and a purchase row, same order, realizes the same totals', () => {
    fc.assert(
      fc.property(fc.array(noFeeRow(), { maxLength: 20 }), (rows) => {
        const split = rows.flatMap((r) => {
          const parts: AverageCostRow[] = [];
          if (new Big(r.venta as string).gt(0)) parts.push(sale(r.venta as string, r.tasa_venta as string));
          if (new Big(r.compra as string).gt(0)) parts.push(purchase(r.compra as string, r.tasa_compra as string));
          return parts;
        });
        const a = walkAverageCost(rows);
        const b = walkAverageCost(split);
        // exact values are the same trades in the same order; rounded totals differ by at most a
        // cent per split row (each part is rounded on its own)
        expect(a.exact.realizado_ves.eq(b.exact.realizado_ves)).toBe(true);
        expect(a.exact.realizado_usd.eq(b.exact.realizado_usd)).toBe(true);
        expect(a.state).toEqual(b.state);
        expect(new Big(a.realizado_ves).minus(b.realizado_ves).abs().lte(new Big(0.01).times(rows.length))).toBe(true);
      }),
    );
  });

  it('without fees, realized Bs + unrealized Bs at R = Σ sales·p − Σ purchases·p + N·R', () => {
    fc.assert(
      fc.property(fc.array(noFeeRow(), { maxLength: 25 }), rate(), (rows, r) => {
        const walk = walkAverageCost(rows);
        const n = new Big(walk.state.posicion_usd);
        const a = new Big(walk.state.costo_promedio);
        const flows = rows.reduce(
          (acc, row) =>
            acc
              .plus(new Big(row.venta as string).times(row.tasa_venta as string))
              .minus(new Big(row.compra as string).times(row.tasa_compra as string)),
          new Big(0),
        );
        const lhs = walk.exact.realizado_ves.plus(n.times(new Big(r).minus(a)));
        const rhs = flows.plus(n.times(r));
        // A is carried at 12 dp: each step may shift the identity by |N| × 0.5e-12
        expect(lhs.minus(rhs).abs().lte(new Big('1e-3'))).toBe(true);
        // the rounded unrealized figure is that value at 2 dp
        const u = unrealized(walk.state, r);
        expect(
          new Big(u.no_realizado_ves)
            .minus(n.times(new Big(r).minus(a)))
            .abs()
            .lte('0.005'),
        ).toBe(true);
      }),
    );
  });

  it('never NaN or Infinity, and A is 0 exactly when flat', () => {
    fc.assert(
      fc.property(fc.array(anyRow(), { maxLength: 25 }), rate(), (rows, r) => {
        const walk = walkAverageCost(rows);
        const values = [
          walk.realizado_ves,
          walk.realizado_usd,
          walk.state.posicion_usd,
          walk.state.costo_promedio,
          ...Object.values(unrealized(walk.state, r)),
        ];
        for (const v of [...values, ...walk.rows.flatMap((x) => [x.realizado_ves, x.realizado_usd])])
          expect(Number.isFinite(Number(v))).toBe(true);
        expect(new Big(walk.state.posicion_usd).eq(0)).toBe(new Big(walk.state.costo_promedio).eq(0));
      }),
    );
  });

  it('unrealized: long, short, flat (hand-computed)', () => {
    // long 10 @ 240 at R = 250: 10 × 10 = 100.00 Bs; 100 / 250 = 0.40 USD
    expect(unrealized({ posicion_usd: '10', costo_promedio: '240' }, 250)).toEqual({
      no_realizado_ves: '100.00',
      no_realizado_usd: '0.40',
    });
    // short 10 @ 250 at R = 260: |−10| × (250 − 260) = −100.00 Bs; −100 / 260 = −0.3846… → −0.38
    expect(unrealized({ posicion_usd: '-10', costo_promedio: '250' }, 260)).toEqual({
      no_realizado_ves: '-100.00',
      no_realizado_usd: '-0.38',
    });
    expect(unrealized(FLAT, 250)).toEqual({ no_realizado_ves: '0.00', no_realizado_usd: '0.00' });
  });
});

/*
 * The decimal (big.js) walk this module used before it ran on scaled integers (docs/decisions/0018),
 * kept as the reference the integer walk must equal figure for figure: docs/product.md#profit-method-and-position step by step,
 * quotients to 30 decimals half-up, A to 12.
 */
function referenceWalk(rows: readonly AverageCostRow[], start: AverageCostState = FLAT) {
  const big = (v: unknown) => (v === null || v === undefined || v === '' ? new Big(0) : new Big(v as string));
  let n = big(start.posicion_usd);
  let a = big(start.costo_promedio);
  const div12 = (x: Big, y: Big) => {
    const saved = Big.DP;
    Big.DP = 12;
    try {
      return x.div(y);
    } finally {
      Big.DP = saved;
    }
  };
  const trade = (q: Big, p: Big): [Big, Big] => {
    const zero = new Big(0);
    if (q.eq(0)) return [zero, zero];
    const absN = n.abs();
    const absQ = q.abs();
    if (n.eq(0) || n.gt(0) === q.gt(0)) {
      a = div12(absN.times(a).plus(absQ.times(p)), absN.plus(absQ));
      n = n.plus(q);
      return [zero, zero];
    }
    const c = absQ.lt(absN) ? absQ : absN;
    const ves = n.gt(0) ? c.times(p.minus(a)) : c.times(a.minus(p));
    const usd = p.eq(0) ? zero : ves.div(p);
    const wasLong = n.gt(0);
    n = n.plus(q);
    if (n.eq(0)) a = zero;
    else if (n.gt(0) !== wasLong) a = p.round(12);
    return [ves, usd];
  };
  let totalVes = new Big(0);
  let totalUsd = new Big(0);
  const out = rows.map((row) => {
    const venta = big(row.venta);
    const compra = big(row.compra);
    const fee = big(row.comision_usd);
    const [sv, su] = venta.gt(0) ? trade(venta.neg(), big(row.tasa_venta)) : [new Big(0), new Big(0)];
    const [pv, pu] = compra.gt(0) ? trade(compra, big(row.tasa_compra)) : [new Big(0), new Big(0)];
    let ves = sv.plus(pv);
    let usd = su.plus(pu);
    if (fee.gt(0)) {
      ves = ves.minus(fee.times(venta.gt(0) ? big(row.tasa_venta) : big(row.tasa_compra)));
      usd = usd.minus(fee);
    }
    const rVes = ves.round(2);
    const rUsd = usd.round(2);
    totalVes = totalVes.plus(rVes);
    totalUsd = totalUsd.plus(rUsd);
    return [rVes.toFixed(2).replace(/^-(0\.00)$/, '$1'), rUsd.toFixed(2).replace(/^-(0\.00)$/, '$1')];
  });
  return {
    rows: out,
    state: { posicion_usd: n.toFixed(), costo_promedio: a.toFixed() },
    totalVes: totalVes.toFixed(2),
    totalUsd: totalUsd.toFixed(2),
  };
}

describe('the integer walk equals the decimal walk (docs/decisions/0018)', () => {
  it('on random rows from random stored states, figure for figure', () => {
    fc.assert(
      fc.property(
        fc.array(anyRow(), { maxLength: 40 }),
        fc.option(fc.tuple(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 1, max: 10_000_000_000_000_000 }))),
        (rows, st) => {
          // A stored state: N with 2 decimals, A with 12 (0 when flat).
          const start: AverageCostState =
            st && st[0] !== 0
              ? { posicion_usd: new Big(st[0]).div(100).toFixed(), costo_promedio: new Big(st[1]).div(1e12).toFixed() }
              : FLAT;
          const ours = walkAverageCost(rows, start);
          const ref = referenceWalk(rows, start);
          expect(ours.rows.map((r) => [r.realizado_ves, r.realizado_usd])).toEqual(ref.rows);
          expect(ours.state).toEqual(ref.state);
          expect([ours.realizado_ves, ours.realizado_usd]).toEqual([ref.totalVes, ref.totalUsd]);
          // Without the per-row figures (the stored states' walk): the same state and totals.
          const lean = walkAverageCost(rows, start, { perRow: false });
          expect([lean.rows, lean.state, lean.realizado_ves, lean.realizado_usd, lean.comisiones_usd]).toEqual([
            [],
            ours.state,
            ours.realizado_ves,
            ours.realizado_usd,
            ours.comisiones_usd,
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads numbers, strings with trailing zeros and Big values alike; refuses more decimals than the column has', () => {
    const a = walkAverageCost([purchase('10.50', '240.1000'), sale(10.5, 250)]);
    const b = walkAverageCost([{ ...purchase(0, 0), compra: new Big('10.5'), tasa_compra: new Big('240.1') }, sale('10.5', '250.0000')]);
    const figures = (w: typeof a) => [w.state, w.realizado_ves, w.realizado_usd, w.rows.map((r) => [r.realizado_ves, r.realizado_usd])];
    expect(figures(a)).toEqual(figures(b));
    // 10.5 × (250 − 240.1) = 103.95 Bs; 103.95 / 250 = 0.4158 → 0.42 USD
    expect(a.rows[1]).toMatchObject({ realizado_ves: '103.95', realizado_usd: '0.42' });
    expect(() => walkAverageCost([purchase('1.005', 40)])).toThrow(RangeError);
    expect(() => walkAverageCost([purchase('abc', 40)])).toThrow(RangeError);
  });
});
