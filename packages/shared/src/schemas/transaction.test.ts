import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { messages } from '../messages.ts';
import {
  createTransactionSchema,
  dailyBalanceInputSchema,
  moneyAmountSchema,
  rateSchema,
  toggleVerifySchema,
  transactionInputSchema,
  updateTransactionSchema,
} from './transaction.ts';

const fecha = '2026-11-21';
const ledgerId = '3f1c6a8e-2b4d-4c9a-9e7f-1a2b3c4d5e6f';

/** The issues of a failed parse as [path, message] pairs; parse errors must never throw. */
function issues(schema: z.ZodMiniType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('moneyAmountSchema', () => {
  it.each([
    [100, '100.00'],
    ['40.5', '40.50'],
    [' 12.34 ', '12.34'],
    ['.5', '0.50'],
    ['7.', '7.00'],
    ['1.500', '1.50'], // trailing zeros are not extra precision
    [0, '0.00'],
    [-0, '0.00'],
    ['', '0.00'], // not given
    [null, '0.00'],
    [undefined, '0.00'],
    [1e12, '1000000000000.00'],
    ['1000000000000.00', '1000000000000.00'],
  ])('%j → %j', (input, expected) => {
    expect(moneyAmountSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['1.001'], // 3 decimals
    [1.001],
    [-1],
    ['-1'],
    ['abc'],
    ['1,5'], // no guessing about separators
    ['1e3'],
    ['0x10'],
    ['.'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [{}],
    [[]],
    [[5]],
    [true],
    [0.1 + 0.2], // 0.30000000000000004: more than 2 decimals
  ])('%j is not an amount', (input) => {
    expect(issues(moneyAmountSchema, input)).toEqual([['', messages.amountInvalid]]);
  });

  it('rejects values above 1e12', () => {
    expect(issues(moneyAmountSchema, '1000000000000.01')).toEqual([['', messages.valueTooLarge]]);
    expect(issues(moneyAmountSchema, 1e12 + 1)).toEqual([['', messages.valueTooLarge]]);
    expect(issues(moneyAmountSchema, 1e21)).toEqual([['', messages.valueTooLarge]]);
  });
});

describe('rateSchema', () => {
  it.each([
    ['40.1234', '40.1234'],
    [36.15, '36.1500'],
    [0, '0.0000'], // 0 = not given
    ['', '0.0000'],
    [null, '0.0000'],
    ['1000000000000', '1000000000000.0000'],
  ])('%j → %j', (input, expected) => {
    expect(rateSchema.parse(input)).toBe(expected);
  });

  it.each([['40.12345'], [40.12345], [-40], [{}], [[]], [false], ['x']])('%j is not a rate', (input) => {
    expect(issues(rateSchema, input)).toEqual([['', messages.rateInvalid]]);
  });

  it('rejects values above 1e12', () => {
    expect(issues(rateSchema, '1000000000000.0001')).toEqual([['', messages.valueTooLarge]]);
  });
});

describe('transactionInputSchema', () => {
  it('normalises a valid transaction', () => {
    expect(
      transactionInputSchema.parse({ venta: 100, tasa_venta: '40.5', compra: '100', tasa_compra: 40, notas: '  hola  ', fecha }),
    ).toEqual({
      venta: '100.00',
      tasa_venta: '40.5000',
      compra: '100.00',
      tasa_compra: '40.0000',
      notas: 'hola',
      fecha,
      comision_usd: '0.00000000',
    });
  });

  it('reads the fee the forms send: up to 8 decimals, never negative (docs/product.md#binance-import)', () => {
    const fee = (comision_usd: unknown) => transactionInputSchema.safeParse({ venta: 10, tasa_venta: 40, fecha, comision_usd });
    expect(fee('0.12345678').data?.comision_usd).toBe('0.12345678');
    expect(fee('').data?.comision_usd).toBe('0.00000000');
    expect(issues(transactionInputSchema, { venta: 10, tasa_venta: 40, fecha, comision_usd: '0.123456789' })).toEqual([
      ['comision_usd', messages.feeInvalid],
    ]);
    expect(issues(transactionInputSchema, { venta: 10, tasa_venta: 40, fecha, comision_usd: '-1' })).toEqual([
      ['comision_usd', messages.feeInvalid],
    ]);
  });

  it('accepts a sale only and a purchase only', () => {
    expect(transactionInputSchema.safeParse({ venta: 10, tasa_venta: 40, fecha }).success).toBe(true);
    expect(transactionInputSchema.safeParse({ venta: '', tasa_venta: '', compra: 10, tasa_compra: 40, fecha }).success).toBe(true);
  });

  it('needs at least one amount', () => {
    expect(issues(transactionInputSchema, { fecha })).toEqual([['venta', messages.txNeedsAmount]]);
    expect(issues(transactionInputSchema, { venta: 0, compra: '0.00', tasa_venta: 40, tasa_compra: 40, fecha })).toEqual([
      ['venta', messages.txNeedsAmount],
    ]);
  });

  it('needs the rate of each amount given', () => {
    expect(issues(transactionInputSchema, { venta: 10, fecha })).toEqual([['tasa_venta', messages.txNeedsSaleRate]]);
    expect(issues(transactionInputSchema, { compra: 10, tasa_compra: 0, fecha })).toEqual([['tasa_compra', messages.txNeedsPurchaseRate]]);
    expect(issues(transactionInputSchema, { venta: 10, compra: 10, fecha })).toEqual([
      ['tasa_venta', messages.txNeedsSaleRate],
      ['tasa_compra', messages.txNeedsPurchaseRate],
    ]);
  });

  it('still reports the cross-field rules next to an unrelated field issue', () => {
    expect(issues(transactionInputSchema, { venta: 10, fecha: 'ayer' })).toEqual([
      ['fecha', messages.dateInvalid],
      ['tasa_venta', messages.txNeedsSaleRate],
    ]);
  });

  it('reports field issues, not cross-field ones, for invalid amounts', () => {
    expect(issues(transactionInputSchema, { venta: '1.001', tasa_venta: '40.12345', fecha })).toEqual([
      ['venta', messages.amountInvalid],
      ['tasa_venta', messages.rateInvalid],
    ]);
    expect(issues(transactionInputSchema, { venta: 1e12 + 0.01, tasa_venta: 40, fecha })).toEqual([['venta', messages.valueTooLarge]]);
    expect(issues(transactionInputSchema, { compra: -5, tasa_compra: 40, fecha })).toEqual([['compra', messages.amountInvalid]]);
  });

  // Issue 36: above ~9 × 10^13 Bs a JSON number loses cents; every figure of a row stays ≤ 10^12.
  it.each([
    // 999.999.999,99 × 1.000 = 999.999.999.990,00 Bs: the largest product of these two, accepted.
    [{ venta: '999999999.99', tasa_venta: '1000' }, []],
    // 1.000.000.000 × 1.000 = exactly 10^12 Bs: still accepted (≤).
    [{ venta: '1000000000', tasa_venta: '1000' }, []],
    // 1.000.000.000 × 1.000,0001 = 1.000.000.100.000 Bs: above, refused on the sale.
    [{ venta: '1000000000', tasa_venta: '1000.0001' }, [['venta', messages.txTooLarge]]],
    // The purchase side: 2 × 10^8 × 5.000 = 10^12 Bs accepted; 0,01 USD more (+50 Bs) refused on compra.
    [{ compra: '200000000', tasa_compra: '5000' }, []],
    [{ compra: '200000000.01', tasa_compra: '5000' }, [['compra', messages.txTooLarge]]],
    // Each factor alone is within 10^12, the product 10^24 is not.
    [{ venta: '1000000000000', tasa_venta: '1000000000000' }, [['venta', messages.txTooLarge]]],
    // Both products are small (10^10 and 0,0001 Bs) but the profit in USD is 10^10 / 0,0001 = 10^14.
    [{ venta: '100000000', tasa_venta: '100', compra: '1', tasa_compra: '0.0001' }, [['venta', messages.txTooLarge]]],
  ])('%j → %j', (amounts, expected) => {
    expect(issues(transactionInputSchema, { ...amounts, fecha })).toEqual(expected);
  });

  it('rejects wrong types with Spanish messages instead of throwing', () => {
    expect(
      issues(transactionInputSchema, { venta: {}, tasa_venta: [], compra: true, tasa_compra: { x: 1 }, notas: 5, fecha: 20261121 }),
    ).toEqual([
      ['venta', messages.amountInvalid],
      ['tasa_venta', messages.rateInvalid],
      ['compra', messages.amountInvalid],
      ['tasa_compra', messages.rateInvalid],
      ['notas', messages.validationFailed],
      ['fecha', messages.dateInvalid],
    ]);
    for (const body of [null, undefined, 'x', 42, []]) {
      expect(issues(transactionInputSchema, body)).toEqual([['', messages.validationFailed]]);
    }
  });

  it('handles notes: trimmed, empty is null, at most 1000 characters', () => {
    const parse = (notas: unknown) => transactionInputSchema.parse({ venta: 1, tasa_venta: 1, fecha, notas }).notas;
    expect(parse('   ')).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse(undefined)).toBeNull();
    expect(parse(` ${'a'.repeat(1000)} `)).toBe('a'.repeat(1000));
    expect(issues(transactionInputSchema, { venta: 1, tasa_venta: 1, fecha, notas: 'a'.repeat(1001) })).toEqual([
      ['notas', messages.notesTooLong],
    ]);
  });

  it('requires a valid day', () => {
    expect(issues(transactionInputSchema, { venta: 1, tasa_venta: 1 })).toEqual([['fecha', messages.dateInvalid]]);
    expect(issues(transactionInputSchema, { venta: 1, tasa_venta: 1, fecha: '2026-02-30' })).toEqual([['fecha', messages.dateInvalid]]);
  });
});

describe('createTransactionSchema', () => {
  it('strips a client ganancia and unknown fields', () => {
    for (const ganancia of [1.25, '1.25', null, undefined, { x: 1 }]) {
      const data = createTransactionSchema.parse({
        venta: 100,
        tasa_venta: 40.5,
        compra: 100,
        tasa_compra: 40,
        ganancia,
        ledgerId,
        fecha,
        extra: 1,
      });
      expect(data).toEqual({
        venta: '100.00',
        tasa_venta: '40.5000',
        compra: '100.00',
        tasa_compra: '40.0000',
        notas: null,
        fecha,
        ledgerId,
        comision_usd: '0.00000000',
      });
      expect('ganancia' in data).toBe(false);
    }
  });

  it('needs a ledger id and keeps the transaction rules', () => {
    expect(issues(createTransactionSchema, { venta: 1, tasa_venta: 1, fecha, ledgerId: 'nope' })).toEqual([
      ['ledgerId', messages.notFound],
    ]);
    expect(issues(createTransactionSchema, { fecha, ledgerId })).toEqual([['venta', messages.txNeedsAmount]]);
  });
});

describe('updateTransactionSchema', () => {
  it('accepts an optional positive integer version', () => {
    expect(updateTransactionSchema.parse({ venta: 1, tasa_venta: 1, fecha, version: 3 }).version).toBe(3);
    expect(updateTransactionSchema.parse({ venta: 1, tasa_venta: 1, fecha }).version).toBeUndefined();
    for (const version of [0, -1, 1.5, '2', null]) {
      expect(issues(updateTransactionSchema, { venta: 1, tasa_venta: 1, fecha, version })).toEqual([
        ['version', messages.validationFailed],
      ]);
    }
  });

  it('keeps the transaction rules', () => {
    expect(issues(updateTransactionSchema, { compra: 1, fecha })).toEqual([['tasa_compra', messages.txNeedsPurchaseRate]]);
  });
});

describe('toggleVerifySchema', () => {
  it('needs a boolean', () => {
    expect(toggleVerifySchema.parse({ esta_verificada: true })).toEqual({ esta_verificada: true });
    expect(issues(toggleVerifySchema, { esta_verificada: 'true' })).toEqual([['esta_verificada', messages.validationFailed]]);
    expect(issues(toggleVerifySchema, {})).toEqual([['esta_verificada', messages.validationFailed]]);
  });
});

describe('dailyBalanceInputSchema', () => {
  it('normalises valid balances', () => {
    expect(dailyBalanceInputSchema.parse({ saldo_base_ves: '1500.5', saldo_base_usd: 0, fecha })).toEqual({
      saldo_base_ves: '1500.50',
      saldo_base_usd: '0.00',
      fecha,
    });
  });

  // docs/product.md#balances-of-a-day: each currency on its own — omitted keeps its state, null returns it to inherited.
  it.each([
    [{ saldo_base_ves: 10 }, { saldo_base_ves: '10.00', saldo_base_usd: undefined }],
    [{ saldo_base_usd: '7.5' }, { saldo_base_ves: undefined, saldo_base_usd: '7.50' }],
    [{ saldo_base_ves: null }, { saldo_base_ves: null, saldo_base_usd: undefined }],
    [
      { saldo_base_ves: null, saldo_base_usd: 3 },
      { saldo_base_ves: null, saldo_base_usd: '3.00' },
    ],
  ])('%j sets only what it names', (input, expected) => {
    const parsed = dailyBalanceInputSchema.parse({ ...input, fecha });
    expect({ saldo_base_ves: parsed.saldo_base_ves, saldo_base_usd: parsed.saldo_base_usd }).toEqual(expected);
  });

  it('needs at least one currency', () => {
    expect(issues(dailyBalanceInputSchema, { fecha })).toEqual([['saldo_base_ves', messages.baseBalanceInvalid]]);
  });

  it.each([[''], ['abc'], [-1], ['-0.01'], ['-100'], ['1.001'], [{}], [[]], [true]])('%j is not a base balance', (value) => {
    expect(issues(dailyBalanceInputSchema, { saldo_base_ves: value, saldo_base_usd: 1, fecha })).toEqual([
      ['saldo_base_ves', messages.baseBalanceInvalid],
    ]);
  });

  it('rejects values above 1e12 and invalid days', () => {
    expect(issues(dailyBalanceInputSchema, { saldo_base_ves: 1, saldo_base_usd: '1000000000000.01', fecha })).toEqual([
      ['saldo_base_usd', messages.valueTooLarge],
    ]);
    expect(issues(dailyBalanceInputSchema, { saldo_base_ves: 1, saldo_base_usd: 1, fecha: 'hoy' })).toEqual([
      ['fecha', messages.dateInvalid],
    ]);
  });
});

describe('comision_usd and ocurrido_en (docs/product.md#binance-import)', () => {
  const base = { ledgerId: '6c0a3a57-3a6c-4a3c-9d69-8d1f0a6b7f11', fecha: '2026-01-01', venta: 1, tasa_venta: 2 };
  it('create: the fee defaults to 0 with 8 decimals, ocurrido_en to undefined (the server time)', () => {
    const r = createTransactionSchema.parse(base);
    expect(r.comision_usd).toBe('0.00000000');
    expect(r.ocurrido_en).toBeUndefined();
  });
  it.each([
    [0.12345678, '0.12345678'],
    ['1', '1.00000000'],
    ['', '0.00000000'],
    [null, '0.00000000'],
  ] as const)('create: fee %s → %s', (fee, out) => {
    expect(createTransactionSchema.parse({ ...base, comision_usd: fee }).comision_usd).toBe(out);
  });
  it.each([['0.123456789'], [-1], ['1e3'], ['abc'], [1e13]] as const)('create: fee %s is refused', (fee) => {
    expect(createTransactionSchema.safeParse({ ...base, comision_usd: fee }).success).toBe(false);
  });
  it('ocurrido_en: an ISO instant with an offset, canonical UTC out; not later than now + 1 minute', () => {
    expect(createTransactionSchema.parse({ ...base, ocurrido_en: '2026-01-01T10:00:00-04:00' }).ocurrido_en).toBe(
      '2026-01-01T14:00:00.000Z',
    );
    expect(createTransactionSchema.safeParse({ ...base, ocurrido_en: new Date(Date.now() + 30_000).toISOString() }).success).toBe(true);
    expect(createTransactionSchema.safeParse({ ...base, ocurrido_en: new Date(Date.now() + 120_000).toISOString() }).success).toBe(false);
    expect(createTransactionSchema.safeParse({ ...base, ocurrido_en: '2026-01-01 10:00' }).success).toBe(false);
    expect(createTransactionSchema.safeParse({ ...base, ocurrido_en: 12 }).success).toBe(false);
  });
  it('edit: omitting the fee and the time leaves them undefined (kept by the server)', () => {
    const r = updateTransactionSchema.parse({ fecha: '2026-01-01', venta: 1, tasa_venta: 2 });
    expect(r.comision_usd).toBeUndefined();
    expect(r.ocurrido_en).toBeUndefined();
    expect(updateTransactionSchema.parse({ fecha: '2026-01-01', venta: 1, tasa_venta: 2, comision_usd: '0.5' }).comision_usd).toBe(
      '0.50000000',
    );
  });
});
