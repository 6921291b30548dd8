import { describe, expect, it } from 'vitest';
import { messages, t } from '../messages.ts';
import { transactionFormSchema } from './transaction.ts';

const base = { venta: '', tasa_venta: '', compra: '', tasa_compra: '', comision_usd: '', notas: '', fecha: '2026-11-20' };

describe('transactionFormSchema: the fields as typed, the API’s output and rules', () => {
  it('reads es-ES and plain text into the canonical decimals the API takes', () => {
    const parsed = transactionFormSchema.safeParse({
      ...base,
      venta: '1.234,5', // 1234,50 USD
      tasa_venta: '318,5',
      compra: '100',
      tasa_compra: '312.1234',
      comision_usd: '0,1',
    });
    expect(parsed.success && parsed.data).toEqual({
      venta: '1234.50',
      tasa_venta: '318.5000',
      compra: '100.00',
      tasa_compra: '312.1234',
      comision_usd: '0.10000000',
      notas: null,
      fecha: '2026-11-20',
    });
  });

  it.each([
    [{ venta: '1.500', tasa_venta: '40' }, 'venta', t('numberAmbiguous', { text: '1.500', decimals: '1,50', thousands: '1.500,00' })],
    [{ venta: '100', tasa_venta: 'cuarenta' }, 'tasa_venta', messages.numberNotANumber],
    [{ venta: '100', tasa_venta: '40', comision_usd: '-1' }, 'comision_usd', messages.numberNegative],
    [{ venta: '100' }, 'tasa_venta', messages.txNeedsSaleRate], // the cross-field rules still apply
  ])('%j → %s: %s', (fields, path, message) => {
    const parsed = transactionFormSchema.safeParse({ ...base, ...fields });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([path, message]);
  });
});
