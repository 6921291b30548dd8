import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big, toFixedString, toNumber } from './decimal.ts';
import {
  canPreviewCreate,
  canPreviewEdit,
  computeDay,
  computeTransaction,
  previewCreateProfit,
  previewEditProfit,
  type DayBase,
  type TransactionAmounts,
} from './transaction-math.ts';

const tx = (venta: string | number, tasa_venta: string | number, compra: string | number, tasa_compra: string | number) => ({
  venta,
  tasa_venta,
  compra,
  tasa_compra,
});

describe('computeTransaction', () => {
  const cases: Array<{ name: string; input: TransactionAmounts; expected: ReturnType<typeof computeTransaction> }> = [
    {
      // 100 × 40.50 = 4050; 100 × 40.00 = 4000; 4050 − 4000 = 50; 50 / 40 = 1.25
      name: 'sale + purchase',
      input: tx(100, '40.50', 100, '40.00'),
      expected: { bs_recibidos: '4050.00', bs_pagados: '4000.00', ganancia_ves: '50.00', ganancia_usd: '1.25' },
    },
    {
      // 250 × 36.15 = 9037.5; no purchase, so USD = 9037.5 / 36.15 = 250 (= the sale amount)
      name: 'sale only',
      input: tx('250.00', '36.15', 0, 0),
      expected: { bs_recibidos: '9037.50', bs_pagados: '0.00', ganancia_ves: '9037.50', ganancia_usd: '250.00' },
    },
    {
      // 80.25 × 41.1234 = 3289.872 + 10.28085 = 3300.15285 → 3300.15 (−3300.15); USD = −compra = −80.25
      name: 'purchase only',
      input: tx('', '', '80.25', '41.1234'),
      expected: { bs_recibidos: '0.00', bs_pagados: '3300.15', ganancia_ves: '-3300.15', ganancia_usd: '-80.25' },
    },
    {
      // 123.45 × 39.8765 = 4904.8095 + 17.944425 = 4922.753925 → 4922.75; 120 × 39.1234 = 4694.808 → 4694.81
      // ves from the rounded sides: 4922.75 − 4694.81 = 227.94 (the exact 227.945925 would round to 227.95,
      // a céntimo off the row's own two figures); usd from the exact products: 227.945925 / 39.1234 = 5.826332… → 5.83
      name: '4-decimal rates',
      input: tx('123.45', '39.8765', '120.00', '39.1234'),
      expected: { bs_recibidos: '4922.75', bs_pagados: '4694.81', ganancia_ves: '227.94', ganancia_usd: '5.83' },
    },
    {
      // 250000.55 × 312.4567 = 250000 × 312.4567 + 0.55 × 312.4567 = 78114175 + 171.851185 = 78114346.851185 → .85
      // 250000.55 × 312.4566 = 78114346.851185 − 250000.55 × 0.0001 = 78114346.851185 − 25.000055 = 78114321.85113 → .85
      // ves = 78114346.85 − 78114321.85 = 25.00; usd = 25.000055 / 312.4566 = 0.080011… → 0.08
      name: 'large amounts',
      input: tx('250000.55', '312.4567', '250000.55', '312.4566'),
      expected: { bs_recibidos: '78114346.85', bs_pagados: '78114321.85', ganancia_ves: '25.00', ganancia_usd: '0.08' },
    },
    {
      // 250000.55 × 312.4567 = 78114346.851185 (above) → 78114346.85; sale only → usd = 250000.55
      name: 'large sale only',
      input: tx('250000.55', '312.4567', 0, 0),
      expected: { bs_recibidos: '78114346.85', bs_pagados: '0.00', ganancia_ves: '78114346.85', ganancia_usd: '250000.55' },
    },
    {
      // 1e12 × 1e12 = 1e24, never in exponent notation
      name: 'maximum values',
      input: tx('1000000000000.00', '1000000000000.0000', 0, 0),
      expected: {
        bs_recibidos: '1000000000000000000000000.00',
        bs_pagados: '0.00',
        ganancia_ves: '1000000000000000000000000.00',
        ganancia_usd: '1000000000000.00',
      },
    },
    {
      // 1.00 × 2.3450 = 2.345 → half-up 2.35 (half-even would give 2.34), the side and the profit alike
      name: 'half-up tie x.xx5 goes up',
      input: tx('1.00', '2.3450', 0, 0),
      expected: { bs_recibidos: '2.35', bs_pagados: '0.00', ganancia_ves: '2.35', ganancia_usd: '1.00' },
    },
    {
      // 1.00 × 1.0050 = 1.005 → 1.01 (the float 1.005 is 1.00499…, toFixed(2) would say 1.00)
      name: 'half-up tie 1.005 (a float trap)',
      input: tx(1, 1.005, 0, 0),
      expected: { bs_recibidos: '1.01', bs_pagados: '0.00', ganancia_ves: '1.01', ganancia_usd: '1.00' },
    },
    {
      // 0.01 × 0.5 = 0.005 → 0.01 paid, so ves = −0.01; usd = −compra = −0.01
      name: 'negative tie rounds away from zero',
      input: tx(0, 0, '0.01', '0.5'),
      expected: { bs_recibidos: '0.00', bs_pagados: '0.01', ganancia_ves: '-0.01', ganancia_usd: '-0.01' },
    },
    {
      // 10 × 40.02 = 400.2; 10 × 40 = 400; ves = 0.2; usd = 0.2 / 40 = 0.005 → 0.01
      name: 'USD tie goes up',
      input: tx(10, '40.02', 10, 40),
      expected: { bs_recibidos: '400.20', bs_pagados: '400.00', ganancia_ves: '0.20', ganancia_usd: '0.01' },
    },
    {
      // sides 0.5149 → 0.51 and 0.50: ves = 0.01; usd uses the exact products: 0.0149 / 0.5 = 0.0298 → 0.03
      // (0.01 / 0.5 would have given 0.02)
      name: 'USD from the unrounded Bs profit',
      input: tx(1, '0.5149', 1, '0.5'),
      expected: { bs_recibidos: '0.51', bs_pagados: '0.50', ganancia_ves: '0.01', ganancia_usd: '0.03' },
    },
    {
      // ves = 399.8 − 400 = −0.2 → −0.20; usd = −0.2 / 40 = −0.005 → −0.01
      name: 'small loss',
      input: tx(10, '39.98', 10, 40),
      expected: { bs_recibidos: '399.80', bs_pagados: '400.00', ganancia_ves: '-0.20', ganancia_usd: '-0.01' },
    },
    {
      // issue 36: 150 × 313.4567 = 47018.505 → 47018.51, the figure shown and exported; ves = −47018.51
      name: 'a purchase whose product ends in a half céntimo',
      input: tx(0, 0, '150.00', '313.4567'),
      expected: { bs_recibidos: '0.00', bs_pagados: '47018.51', ganancia_ves: '-47018.51', ganancia_usd: '-150.00' },
    },
    {
      name: 'nothing at all is zero',
      input: tx(0, 0, 0, 0),
      expected: { bs_recibidos: '0.00', bs_pagados: '0.00', ganancia_ves: '0.00', ganancia_usd: '0.00' },
    },
    {
      // invalid input (sale without a rate; the schema forbids it) still gives finite figures: 0 / 0 → 0
      name: 'zero sale rate does not divide by zero',
      input: tx(10, 0, 0, 0),
      expected: { bs_recibidos: '0.00', bs_pagados: '0.00', ganancia_ves: '0.00', ganancia_usd: '0.00' },
    },
    {
      // purchase without a rate: ves = 200; the divisor is tasa_compra = 0 → usd 0, not Infinity
      name: 'zero purchase rate does not divide by zero',
      input: tx(5, 40, 10, 0),
      expected: { bs_recibidos: '200.00', bs_pagados: '0.00', ganancia_ves: '200.00', ganancia_usd: '0.00' },
    },
  ];

  it.each(cases)('$name', ({ input, expected }) => {
    expect(computeTransaction(input)).toEqual(expected);
  });

  it('never prints "-0.00"', () => {
    // 0.01 × 0.4 = 0.004 → 0.00 received; ves = 0.00 − 0.00000001 × 0.4 = −0.000000004 → rounds to zero, must be "0.00"
    expect(computeTransaction({ ...tx('0.01', '0.4', 0, 0), comision_usd: '0.00000001' }).ganancia_ves).toBe('0.00');
  });

  it('rejects values that are not numbers', () => {
    expect(() => computeTransaction(tx('abc', 1, 0, 0))).toThrow(RangeError);
    expect(() => computeTransaction(tx(Number.NaN, 1, 0, 0))).toThrow(RangeError);
    expect(() => computeTransaction(tx(Number.POSITIVE_INFINITY, 1, 0, 0))).toThrow(RangeError);
  });

  it('ignores the global big.js configuration', () => {
    const { DP, RM } = BigJs;
    try {
      BigJs.DP = 0;
      BigJs.RM = BigJs.roundDown;
      expect(computeTransaction(tx(1, '0.5149', 1, '0.5')).ganancia_usd).toBe('0.03');
    } finally {
      BigJs.DP = DP;
      BigJs.RM = RM;
    }
  });
});

describe('computeDay', () => {
  const base = { saldo_base_ves: '1000.00', saldo_base_usd: '500.00' };
  const rows = [
    { id: 'a', ...tx(100, '40.50', 100, '40.00'), esta_verificada: true }, // ves 50.00, usd 1.25
    { id: 'b', ...tx(250, '36.15', 0, 0), esta_verificada: false }, // ves 9037.50, usd 250.00
    { id: 'c', ...tx(0, 0, '80.25', '41.1234'), esta_verificada: true }, // ves −3300.15, usd −80.25
  ];

  it('adds cumulative figures to each row, keeping its own fields', () => {
    const day = computeDay(rows, base);
    expect(day.transacciones_con_acumulados.map((r) => [r.id, r.ganancia_transaccion_ves, r.ganancia_transaccion_usd])).toEqual([
      ['a', '50.00', '1.25'],
      ['b', '9037.50', '250.00'],
      ['c', '-3300.15', '-80.25'],
    ]);
    // ves: 50.00 → 50.00 + 9037.50 = 9087.50 → 9087.50 − 3300.15 = 5787.35
    // usd: 1.25 → 1.25 + 250.00 = 251.25 → 251.25 − 80.25 = 171.00
    expect(
      day.transacciones_con_acumulados.map((r) => [
        r.ganancia_acumulada_ves_hasta_esta_transaccion,
        r.ganancia_acumulada_usd_hasta_esta_transaccion,
      ]),
    ).toEqual([
      ['50.00', '1.25'],
      ['9087.50', '251.25'],
      ['5787.35', '171.00'],
    ]);
  });

  it('computes the day summary', () => {
    const day = computeDay(rows, base);
    // Σ bs_recibidos = 4050.00 + 9037.50 = 13087.50; Σ bs_pagados = 4000.00 + 3300.15 (3300.15285 rounded) = 7300.15
    // saldo ves = 1000 + 13087.50 − 7300.15 = 6787.35
    // saldo usd = 500 − (100 + 250) + (100 + 80.25) = 330.25
    expect(day.resumen).toEqual({
      saldo_disponible_ves: '6787.35',
      saldo_disponible_usd: '330.25',
      venta_total: '350.00',
      compra_total: '180.25',
      ganancia_total_ves: '5787.35',
      ganancia_total_usd: '171.00',
    });
    // Verified only (a, c): ves = 1000 + 4050.00 − (4000.00 + 3300.15) = −2250.15
    // usd = 500 − 100 + (100 + 80.25) = 580.25
    expect(day.saldos_actuales).toEqual({ saldo_ves_actual: '-2250.15', saldo_usd_actual: '580.25' });
    // Weighted: 13087.50 / 350 = 37.392857… → 37.3929; 7300.15 / 180.25 = 40.500138… → 40.5001
    expect(day.promedios).toEqual({ tasa_venta_promedio: '37.3929', tasa_compra_promedio: '40.5001' });
  });

  it('starts the verified balances from their own base when given (docs/product.md#balances-of-a-day)', () => {
    const day = computeDay(rows, { ...base, verificado_ves: '200.00', verificado_usd: '-10' });
    // the full balances keep the day's base: 6787.35 / 330.25 as above
    expect(day.resumen.saldo_disponible_ves).toBe('6787.35');
    // verified (a, c): ves = 200 + 4050.00 − 7300.15 = −3050.15; usd = −10 − 100 + 180.25 = 70.25
    expect(day.saldos_actuales).toEqual({ saldo_ves_actual: '-3050.15', saldo_usd_actual: '70.25' });
  });

  it('weights the average rates by amount, not by row', () => {
    // sales 1 @ 30 and 99 @ 40: (30 + 3960) / 100 = 39.9 (a plain mean of the rates would be 35)
    const day = computeDay([tx(1, 30, 0, 0), tx(99, 40, 0, 0)], base);
    expect(day.promedios).toEqual({ tasa_venta_promedio: '39.9000', tasa_compra_promedio: '0.0000' });
  });

  it('sums the rounded rows, so rows always add up to the totals', () => {
    // each row: 0.01 × 0.5 = 0.005 → 0.01; total 0.03 (rounding the exact sum 0.015 would say 0.02)
    const day = computeDay([tx('0.01', '0.5', 0, 0), tx('0.01', '0.5', 0, 0), tx('0.01', '0.5', 0, 0)], {
      saldo_base_ves: 0,
      saldo_base_usd: 0,
    });
    expect(day.resumen.ganancia_total_ves).toBe('0.03');
    expect(day.transacciones_con_acumulados.at(-1)?.ganancia_acumulada_ves_hasta_esta_transaccion).toBe('0.03');
    // and the balance sums the same rounded rows: 0.01 + 0.01 + 0.01 = 0.03 (rounding the exact 0.015
    // once said 0.02, a céntimo off the three rows shown, issue 36)
    expect(day.resumen.saldo_disponible_ves).toBe('0.03');
    expect(day.transacciones_con_acumulados.map((r) => r.bs_recibidos)).toEqual(['0.01', '0.01', '0.01']);
  });

  it("issue 36's day: the available Bs is its base plus its rows as shown, to the céntimo", () => {
    const day = computeDay(
      [
        { ...tx('600.00', '318.5000', 0, 0), esta_verificada: true }, // 191100.00 received
        { ...tx('100.00', '319.7468', 0, 0), esta_verificada: true }, // 31974.68 received
        { ...tx(0, 0, '150.00', '313.4567'), esta_verificada: true }, // 47018.505 → 47018.51 paid
        { ...tx(0, 0, '500.00', '312.2500'), esta_verificada: true }, // 156125.00 paid
      ],
      { saldo_base_ves: '1000000.00', saldo_base_usd: '5000.00' },
    );
    expect(day.transacciones_con_acumulados.map((r) => [r.bs_recibidos, r.bs_pagados])).toEqual([
      ['191100.00', '0.00'],
      ['31974.68', '0.00'],
      ['0.00', '47018.51'],
      ['0.00', '156125.00'],
    ]);
    // received 191100.00 + 31974.68 = 223074.68; paid 47018.51 + 156125.00 = 203143.51
    // 1000000 + 223074.68 − 203143.51 = 1019931.17 (the unrounded 203143.505 paid gave 1019931.175 → .18)
    expect(day.resumen.saldo_disponible_ves).toBe('1019931.17');
    expect(day.saldos_actuales.saldo_ves_actual).toBe('1019931.17');
  });

  it('an empty day is its base', () => {
    const day = computeDay([], { saldo_base_ves: '12.5', saldo_base_usd: null });
    expect(day.transacciones_con_acumulados).toEqual([]);
    expect(day.resumen).toEqual({
      saldo_disponible_ves: '12.50',
      saldo_disponible_usd: '0.00',
      venta_total: '0.00',
      compra_total: '0.00',
      ganancia_total_ves: '0.00',
      ganancia_total_usd: '0.00',
    });
    expect(day.saldos_actuales).toEqual({ saldo_ves_actual: '12.50', saldo_usd_actual: '0.00' });
    expect(day.promedios).toEqual({ tasa_venta_promedio: '0.0000', tasa_compra_promedio: '0.0000' });
  });
});

describe('previews', () => {
  it.each([
    // [venta, tasa_venta, compra, tasa_compra, expected]; (v × tv − c × tc) / tc
    [100, 40.5, 100, 40, 1.25], // (4050 − 4000) / 40
    ['100', '40.50', '100', '40', 1.25],
    [10, 40.02, 10, 40, 0.01], // 0.2 / 40 = 0.005 → 0.01
    [10, 39.98, 10, 40, -0.01], // −0.2 / 40 = −0.005 → −0.01
    [100, 40.5, 0, 0, 0], // tasa_compra 0 → 0
    [100, 40.5, '', '', 0],
    ['', '', 10, 40, -10], // (0 − 400) / 40
    ['abc', 'x', '', '', 0],
  ] as const)('previewCreateProfit(%s, %s, %s, %s) = %s', (v, tv, c, tc, expected) => {
    expect(previewCreateProfit(v, tv, c, tc)).toBe(expected);
  });

  it('canPreviewCreate needs all four fields filled with numbers', () => {
    expect(canPreviewCreate(100, '40.5', '0', 0)).toBe(true);
    expect(canPreviewCreate(100, '40.5', '', 40)).toBe(false);
    expect(canPreviewCreate(100, '40.5', null, 40)).toBe(false);
    expect(canPreviewCreate(100, 'x', 1, 40)).toBe(false);
    expect(canPreviewCreate(100, 40.5, 1, Number.NaN)).toBe(false);
  });

  it('canPreviewEdit needs venta or compra filled with a value > 0', () => {
    expect(canPreviewEdit('0.01', '')).toBe(true);
    expect(canPreviewEdit('', 5)).toBe(true);
    expect(canPreviewEdit('0', '0.00')).toBe(false);
    expect(canPreviewEdit('', null)).toBe(false);
    expect(canPreviewEdit('-3', 'x')).toBe(false);
  });

  it.each([
    [100, 40.5, '', '', 100], // sale only with a rate = the sale amount
    ['250.55', '36.15', 0, 0, 250.55],
    ['', '', '80.25', '41.1234', -80.25], // purchase only with a rate = minus the purchase
    [100, 40.5, 100, 40, 1.25], // both: (4050 − 4000) / 40
    [100, '', '', '', 0], // sale without its rate
    ['', '', 100, '', 0], // purchase without its rate
    [100, 40.5, 100, '', 0], // both amounts, purchase rate missing
    [100, '', 100, 40, 0], // both amounts, sale rate missing
    ['', '', '', '', 0],
    ['x', 40, 'y', 40, 0],
  ] as const)('previewEditProfit(%s, %s, %s, %s) = %s', (v, tv, c, tc, expected) => {
    expect(previewEditProfit(v, tv, c, tc)).toBe(expected);
  });
});

/* --- properties ------------------------------------------------------------------------------ */

/** A scaled integer as a decimal string: (12345n, 2) → "123.45". */
const scaled = (n: bigint, dp: number): string => {
  const s = n.toString().padStart(dp + 1, '0');
  return `${s.slice(0, -dp)}.${s.slice(-dp)}`;
};
/** Amounts 0..1e12 with 2 dp (zero often, as forms leave one side empty). */
const amountArb = fc.oneof(
  fc.constant('0.00'),
  fc.bigInt({ min: 0n, max: 10n ** 14n }).map((n) => scaled(n, 2)),
);
const positiveAmountArb = fc.bigInt({ min: 1n, max: 10n ** 14n }).map((n) => scaled(n, 2));
/** Rates 0.0001..1e12 with 4 dp, biased to realistic Bs/USD values too. */
const rateArb = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 16n }).map((n) => scaled(n, 4)),
  fc.bigInt({ min: 300_000n, max: 700_000n }).map((n) => scaled(n, 4)),
);
const validTxArb = fc.record({ venta: amountArb, tasa_venta: rateArb, compra: amountArb, tasa_compra: rateArb });
const rowArb = fc.record({
  id: fc.uuid(),
  venta: amountArb,
  tasa_venta: rateArb,
  compra: amountArb,
  tasa_compra: rateArb,
  esta_verificada: fc.boolean(),
});
const baseArb: fc.Arbitrary<DayBase> = fc.record({ saldo_base_ves: amountArb, saldo_base_usd: amountArb });
const dayArb = fc.record({ rows: fc.array(rowArb, { maxLength: 12 }), base: baseArb });

const DECIMAL = /^-?\d+(\.\d+)?$/;
const sum = (values: string[]): Big => values.reduce((acc, v) => acc.plus(v), new Big(0));

describe('properties', () => {
  it('totals equal the sum of the rows', () => {
    fc.assert(
      fc.property(dayArb, ({ rows, base }) => {
        const day = computeDay(rows, base);
        const out = day.transacciones_con_acumulados;
        expect(day.resumen.ganancia_total_ves).toBe(toFixedString(sum(out.map((r) => r.ganancia_transaccion_ves)), 2));
        expect(day.resumen.ganancia_total_usd).toBe(toFixedString(sum(out.map((r) => r.ganancia_transaccion_usd)), 2));
        expect(day.resumen.venta_total).toBe(toFixedString(sum(rows.map((r) => r.venta)), 2));
        expect(day.resumen.compra_total).toBe(toFixedString(sum(rows.map((r) => r.compra)), 2));
        const last = out.at(-1);
        expect(last?.ganancia_acumulada_ves_hasta_esta_transaccion ?? '0.00').toBe(day.resumen.ganancia_total_ves);
        expect(last?.ganancia_acumulada_usd_hasta_esta_transaccion ?? '0.00').toBe(day.resumen.ganancia_total_usd);
        // each row's figures are exactly those of computeTransaction
        out.forEach((r, i) => {
          const single = computeTransaction(rows[i]!);
          expect([r.ganancia_transaccion_ves, r.ganancia_transaccion_usd]).toEqual([single.ganancia_ves, single.ganancia_usd]);
        });
      }),
    );
  });

  it("the day's available Bs (all and verified) is its base plus the rows' Bs as shown, to the céntimo", () => {
    fc.assert(
      fc.property(dayArb, ({ rows, base }) => {
        const day = computeDay(rows, base);
        const out = day.transacciones_con_acumulados;
        // every row's Bs figure is at céntimos: what is shown is what is summed (docs/decisions/0034)
        for (const r of out) {
          expect(r.bs_recibidos).toMatch(/^\d+\.\d{2}$/);
          expect(r.bs_pagados).toMatch(/^\d+\.\d{2}$/);
        }
        const net = (keep: (i: number) => boolean) =>
          sum(out.filter((_, i) => keep(i)).map((r) => r.bs_recibidos)).minus(sum(out.filter((_, i) => keep(i)).map((r) => r.bs_pagados)));
        const baseVes = new Big(base.saldo_base_ves as string);
        expect(day.resumen.saldo_disponible_ves).toBe(toFixedString(baseVes.plus(net(() => true)), 2));
        expect(day.saldos_actuales.saldo_ves_actual).toBe(toFixedString(baseVes.plus(net((i) => rows[i]!.esta_verificada)), 2));
      }),
    );
  });

  it('figures stored at write time (computeTransaction) give exactly the recomputed day', () => {
    fc.assert(
      fc.property(dayArb, ({ rows, base }) => {
        const withStored = rows.map((r) => ({ ...r, stored: computeTransaction(r) }));
        const fast = computeDay(withStored, base);
        const slow = computeDay(rows, base);
        expect({ ...fast, transacciones_con_acumulados: fast.transacciones_con_acumulados.map(({ stored: _s, ...r }) => r) }).toEqual(slow);
      }),
    );
  });

  it('stored figures are used as given (no recomputation)', () => {
    // a stored profit of 7.00 USD wins over the 10 × 40 / 40 = 10 the amounts would give
    const day = computeDay(
      [{ ...tx(10, 40, 0, 0), stored: { bs_recibidos: '400', bs_pagados: '0', ganancia_ves: '400.00', ganancia_usd: '7.00' } }],
      {
        saldo_base_ves: 0,
        saldo_base_usd: 0,
      },
    );
    expect(day.resumen.ganancia_total_usd).toBe('7.00');
  });

  it('a sale alone earns +venta USD, a purchase alone −compra', () => {
    fc.assert(
      fc.property(positiveAmountArb, rateArb, rateArb, (amount, rate, otherRate) => {
        // the rate of the empty side does not matter
        expect(computeTransaction(tx(amount, rate, 0, otherRate)).ganancia_usd).toBe(amount);
        expect(computeTransaction(tx(0, otherRate, amount, rate)).ganancia_usd).toBe(`-${amount}`);
        expect(previewEditProfit(amount, rate, '', '')).toBe(Number(amount));
        expect(previewEditProfit('', '', amount, rate)).toBe(-Number(amount));
      }),
    );
  });

  it('the edit preview agrees with the stored profit', () => {
    fc.assert(
      fc.property(validTxArb, (t) => {
        expect(previewEditProfit(t.venta, t.tasa_venta, t.compra, t.tasa_compra)).toBe(
          toNumber(new Big(computeTransaction(t).ganancia_usd), 2),
        );
      }),
    );
  });

  it('a day depends only on its own rows and base (order of days, other days, no mutation)', () => {
    fc.assert(
      fc.property(fc.array(dayArb, { minLength: 1, maxLength: 5 }), fc.infiniteStream(fc.nat()), (days, picks) => {
        const deepFrozen = days.map(({ rows, base }) => ({
          rows: Object.freeze(rows.map((r) => Object.freeze({ ...r }))),
          base: Object.freeze({ ...base }),
        }));
        const alone = deepFrozen.map(({ rows, base }) => computeDay(rows, base));
        // Recompute in a shuffled order, with unrelated days computed in between.
        const order = days.map((_, i) => i);
        const stream = picks[Symbol.iterator]();
        for (let i = order.length - 1; i > 0; i--) {
          const j = (stream.next().value as number) % (i + 1);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        for (const i of order) {
          const day = deepFrozen[i]!;
          computeDay(deepFrozen[(i + 1) % deepFrozen.length]!.rows, day.base);
          expect(computeDay(day.rows, day.base)).toEqual(alone[i]);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('never yields NaN or Infinity for valid input', () => {
    fc.assert(
      fc.property(dayArb, ({ rows, base }) => {
        const day = computeDay(rows, base);
        const figures = [
          ...Object.values(day.resumen),
          ...Object.values(day.promedios),
          ...Object.values(day.saldos_actuales),
          ...day.transacciones_con_acumulados.flatMap((r) => [
            r.bs_recibidos,
            r.bs_pagados,
            r.ganancia_transaccion_ves,
            r.ganancia_transaccion_usd,
            r.ganancia_acumulada_ves_hasta_esta_transaccion,
            r.ganancia_acumulada_usd_hasta_esta_transaccion,
          ]),
        ];
        for (const f of figures) {
          expect(f).toMatch(DECIMAL);
          expect(Number.isFinite(Number(f))).toBe(true);
        }
      }),
    );
  });

  it('stays finite even with zero rates (input the schema rejects)', () => {
    const zeroOrRate = fc.oneof(fc.constant(0), rateArb);
    fc.assert(
      fc.property(amountArb, zeroOrRate, amountArb, zeroOrRate, (v, tv, c, tc) => {
        for (const f of Object.values(computeTransaction(tx(v, tv, c, tc)))) expect(f).toMatch(DECIMAL);
        expect(Number.isFinite(previewCreateProfit(v, tv, c, tc))).toBe(true);
        expect(Number.isFinite(previewEditProfit(v, tv, c, tc))).toBe(true);
      }),
    );
  });
});

describe('fees (docs/product.md#binance-import, docs/product.md#profit-method-and-position: a cost under por_operacion, out of the USD balances)', () => {
  it.each([
    // venta 100 @ 250, compra 100 @ 240, fee 1: ves 25,000 − 24,000 − 1 × 250 (sale rate) = 750.00;
    // usd 1,000 / 240 − 1 = 3.1666… → 3.17
    [{ ...tx(100, 250, 100, 240), comision_usd: 1 }, '750.00', '3.17'],
    // purchase alone 10 @ 240, fee 0.5: ves −2,400 − 0.5 × 240 = −2,520.00; usd −10 − 0.5 = −10.50
    [{ ...tx(0, 0, 10, 240), comision_usd: '0.5' }, '-2520.00', '-10.50'],
    // sale alone 10 @ 250, fee 0.00000001: ves 2,500 − 0.0000025 = 2499.9999975 → 2500.00;
    // usd 10 − 0.00000001 = 9.99999999 → 10.00 (rounded once, after the subtraction)
    [{ ...tx(10, 250, 0, 0), comision_usd: '0.00000001' }, '2500.00', '10.00'],
    // sale alone 0.01 @ 1, fee 0.005: usd 0.01 − 0.005 = 0.005 → 0.01 (half-up); ves 0.01 − 0.005 = 0.005 → 0.01
    [{ ...tx('0.01', 1, 0, 0), comision_usd: '0.005' }, '0.01', '0.01'],
  ] as const)('computeTransaction(%o) → ves %s, usd %s', (input, ves, usd) => {
    const f = computeTransaction(input);
    expect(f.ganancia_ves).toBe(ves);
    expect(f.ganancia_usd).toBe(usd);
  });

  it('the day subtracts Σ fees from saldo_disponible_usd, and verified fees from saldo_usd_actual', () => {
    const rows = [
      { ...tx(100, 250, 100, 240), comision_usd: '0.12345678', esta_verificada: false },
      { ...tx(0, 0, 10, 240), comision_usd: 1, esta_verificada: true },
    ];
    const day = computeDay(rows, { saldo_base_ves: 0, saldo_base_usd: 1000 });
    // 1000 − 100 + 100 + 10 − 0.12345678 − 1 = 1008.87654322 → 1008.88
    expect(day.resumen.saldo_disponible_usd).toBe('1008.88');
    // verified only: 1000 + 10 − 1 = 1009.00
    expect(day.saldos_actuales.saldo_usd_actual).toBe('1009.00');
    // fees do not touch Bs balances: 25,000 − 24,000 − 2,400 = −1,400
    expect(day.resumen.saldo_disponible_ves).toBe('-1400.00');
  });
});
