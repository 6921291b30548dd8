import { describe, expect, it } from 'vitest';
import { farRateQuestions, rateFarFromMarket, rateWarningText } from './rate-warning.ts';

describe('rateFarFromMarket: more than 2× or less than ½ of the parallel rate (docs/product.md#money)', () => {
  it.each([
    // rate, parallel, warning
    ['3185', 312.1234, { factor: '10,2', direction: 'above' }], // issue 36: "318,5" read as 3185; 3185 / 312,1234 = 10,204…
    ['3191234', 312.1234, { factor: '10.224,3', direction: 'above' }], // 3191234 / 312,1234 = 10224,27…
    ['31.85', 318.5, { factor: '10', direction: 'below' }], // 318,5 / 31,85 = 10 exactly
    ['624.2469', 312.1234, { factor: '2', direction: 'above' }], // 2 × 312,1234 = 624,2468, one ten-thousandth more: 2,0000003 → "2"
    ['150', 312.1234, { factor: '2,1', direction: 'below' }], // 312,1234 / 150 = 2,0808…
    ['624.2468', 312.1234, null], // exactly 2×: not asked
    ['156.0617', 312.1234, null], // exactly ½: not asked
    ['318.5', 312.1234, null], // the usual case
    ['400', 312.1234, null], // 1,28×
    ['0', 312.1234, null], // an empty rate is not a rate
    ['', 312.1234, null],
    ['3185', undefined, null], // no parallel rate known: nothing to compare
    ['3185', 0, null],
  ])('%s against %s → %j', (rate, parallel, warning) => {
    expect(rateFarFromMarket(rate, parallel)).toEqual(warning);
  });

  it('asks in Spanish with the real factor and the parallel rate', () => {
    expect(rateWarningText('venta', { factor: '10,2', direction: 'above' }, 312.1234)).toBe(
      '¿Seguro? La tasa de venta es 10,2 veces la paralela (312,1234 Bs)',
    );
    expect(rateWarningText('compra', { factor: '10', direction: 'below' }, 318.5)).toBe(
      '¿Seguro? La tasa de compra es 10 veces menor que la paralela (318,50 Bs)',
    );
    // A movement's rate (a VES aporte or retiro) and a settlement's final rate (issue 36 walk, round 3).
    expect(rateWarningText('tasa', { factor: '13.000,7', direction: 'above' }, 311.625)).toBe(
      '¿Seguro? La tasa es 13.000,7 veces la paralela (311,625 Bs)',
    );
    expect(rateWarningText('final', { factor: '10', direction: 'below' }, 405.1234)).toBe(
      '¿Seguro? La tasa final es 10 veces menor que la paralela (405,1234 Bs)',
    );
  });
});

describe('farRateQuestions: what a form asks before sending', () => {
  const parallel = 312.1234;
  it.each([
    // transaction, the row before an edit, questions
    [{ venta: '100.00', tasa_venta: '318.5000', compra: '0.00', tasa_compra: '0.0000' }, undefined, []],
    [
      { venta: '100.00', tasa_venta: '3185.0000', compra: '0.00', tasa_compra: '0.0000' },
      undefined,
      ['¿Seguro? La tasa de venta es 10,2 veces la paralela (312,1234 Bs)'], // 3185 / 312,1234 = 10,20…
    ],
    [
      { venta: '100.00', tasa_venta: '3185.0000', compra: '50.00', tasa_compra: '31.2' },
      undefined,
      [
        '¿Seguro? La tasa de venta es 10,2 veces la paralela (312,1234 Bs)',
        '¿Seguro? La tasa de compra es 10 veces menor que la paralela (312,1234 Bs)', // 312,1234 / 31,2 = 10,004 → 10
      ],
    ],
    // a rate without its amount is not sent as a trade: not asked
    [{ venta: '0.00', tasa_venta: '3185.0000', compra: '10.00', tasa_compra: '312' }, undefined, []],
    // an edit that keeps the stored rate is not asked about, one that changes it is
    [{ venta: '90.00', tasa_venta: '40', compra: '0', tasa_compra: '0' }, { venta: 100, tasa_venta: 40, compra: 0, tasa_compra: 0 }, []],
    [
      { venta: '90.00', tasa_venta: '4000', compra: '0', tasa_compra: '0' },
      { venta: 100, tasa_venta: 40, compra: 0, tasa_compra: 0 },
      ['¿Seguro? La tasa de venta es 12,8 veces la paralela (312,1234 Bs)'], // 4000 / 312,1234 = 12,815…
    ],
  ])('%j (before %j) → %j', (tx, before, questions) => {
    expect(farRateQuestions(tx, parallel, before)).toEqual(questions);
  });

  it('asks nothing without a parallel rate', () => {
    expect(farRateQuestions({ venta: 100, tasa_venta: 3185, compra: 0, tasa_compra: 0 }, undefined)).toEqual([]);
  });
});
