import { describe, expect, it } from 'vitest';
import { changeMessage, type ChangeRow } from './change-message.ts';

const base = { ledgerId: 'L1', ledgerName: 'Caja', actorName: 'Ana', appUrl: 'https://app.example' };
const tx = (venta: number, tasa_venta: number, compra = 0, tasa_compra = 0) => ({ venta, tasa_venta, compra, tasa_compra, notas: null });
const row = (action: string, fecha: string | null, before: unknown = null, after: unknown = null): ChangeRow => ({
  action,
  fecha,
  before,
  after,
});

describe('changeMessage (docs/product.md#telegram-notices): one text per change, keyed by the activity action', () => {
  it.each<[string, ChangeRow[], string | null]>([
    // 1.234,5 USD sold at 40 Bs: es-ES grouping and two decimals.
    [
      'a create',
      [row('TRANSACTION_CREATED', '2026-11-21', null, tx(1234.5, 40))],
      'Ana registró una operación del 21/11/2026: venta 1.234,50 USD a 40,00 Bs.',
    ],
    [
      'an edit that moved the day',
      [row('TRANSACTION_UPDATED', '2026-11-22', { ...tx(1, 40), fecha: '2026-11-21' }, tx(0, 0, 2, 39.5))],
      'Ana editó una operación del 22/11/2026 (antes del 21/11/2026): antes venta 1,00 USD a 40,00 Bs; ahora compra 2,00 USD a 39,50 Bs.',
    ],
    [
      'a delete',
      [row('TRANSACTION_DELETED', '2026-11-21', tx(5, 36.1234))],
      'Ana eliminó una operación del 21/11/2026: venta 5,00 USD a 36,1234 Bs.',
    ],
    [
      'a cuadre, its account named (socios walk: "saldo real 51580.75")',
      [
        {
          ...row('CUADRE_CREATED', '2026-11-27', null, { saldo_real: '51580.75', diferencia: '-19.25' }),
          cuenta: { nombre: 'Banesco Bs', moneda: 'VES' },
        },
      ],
      'Ana registró un cuadre de la cuenta «Banesco Bs» del 27/11/2026: saldo real 51.580,75 Bs.S, diferencia -19,25 Bs.S.',
    ],
    [
      'a cuadre of an account since deleted: es-ES numbers, no guessed currency',
      [{ ...row('CUADRE_CREATED', '2026-11-27', null, { saldo_real: '1500', diferencia: '0' }), cuenta: null }],
      'Ana registró un cuadre del 27/11/2026: saldo real 1.500,00, diferencia 0,00.',
    ],
    [
      'a base balance',
      [row('DAILY_BALANCE_UPDATED', '2026-11-21', null, { saldo_base_ves: 1000.1, saldo_base_usd: 5 })],
      'Ana cambió el saldo base del 21/11/2026: 1.000,10 Bs.S y 5,00 USD.',
    ],
    [
      'a reset of one row',
      [row('LEDGER_DAY_RESET', '2026-11-21', { transactions: [{}] })],
      'Ana reinició el día 21/11/2026: 1 operación eliminada y saldos base a cero.',
    ],
    [
      'an import over three days',
      [row('IMPORT_CREATED', '2026-11-20', null, { created: 12, duplicate: 1, fechas: ['2026-11-22', '2026-11-20'] })],
      'Ana importó 12 operaciones de Binance P2P del 20/11/2026 al 22/11/2026.',
    ],
    // docs/product.md#socios-y-liquidacion
    [
      'a period closed',
      [row('LIQUIDACION_CERRADA', '2026-10-31', null, { desde: '2026-10-01', hasta: '2026-10-31', resultado_usd: 1234.5 })],
      'Ana cerró el período 01/10/2026 – 31/10/2026: resultado 1.234,50 USD.',
    ],
    [
      'a period reopened',
      [row('LIQUIDACION_REABIERTA', '2026-10-31', { desde: '2026-10-01', hasta: '2026-10-31' })],
      'Ana reabrió el período 01/10/2026 – 31/10/2026.',
    ],
    [
      'a capital registration (decision 0056)',
      [row('CAPITAL_INICIAL_REGISTRADO', '2026-09-05', { saldo_base_ves: '8000' }, { saldo_base_ves: '0.00', aportes: [] })],
      'Ana registró el capital inicial de los socios del 05/09/2026.',
    ],
    ['an import of duplicates only (nothing changed)', [row('IMPORT_CREATED', null, null, { created: 0, duplicate: 5, fechas: [] })], null],
    [
      'an import undone',
      [row('IMPORT_UNDONE', '2026-11-21', null, { removed: 1, fechas: ['2026-11-21'] })],
      'Ana deshizo una importación de Binance P2P: 1 operación eliminada del 21/11/2026.',
    ],
    [
      'a restore',
      [row('ACTIVITY_RESTORED', '2026-11-21', null, { action: 'LEDGER_DAY_RESET', restored: 2, days: ['2026-11-21'] })],
      'Ana restauró 2 operaciones del 21/11/2026.',
    ],
    [
      'a capital registration undone (decision 0059)',
      [row('ACTIVITY_RESTORED', '2026-09-05', null, { action: 'CAPITAL_INICIAL_REGISTRADO', restored: 0, days: ['2026-09-05'] })],
      'Ana deshizo el registro del capital inicial de los socios del 05/09/2026.',
    ],
    [
      'a burst of creates over two days',
      [row('TRANSACTION_CREATED', '2026-11-21'), row('TRANSACTION_CREATED', '2026-11-20'), row('TRANSACTION_CREATED', '2026-11-21')],
      'Ana registró 3 operaciones del 20/11/2026 al 21/11/2026.',
    ],
    [
      'a burst of mixed actions',
      [row('TRANSACTION_CREATED', '2026-11-21'), row('TRANSACTION_DELETED', '2026-11-21')],
      'Ana hizo 2 cambios del 21/11/2026.',
    ],
    ['an action not in the table, with a day', [row('SOMETHING_NEW', '2026-11-21')], 'Ana hizo un cambio del 21/11/2026.'],
    ['an action not in the table, without a day', [row('SOMETHING_ELSE', null)], 'Ana hizo un cambio.'],
    ['a verification tick (not notified)', [row('TRANSACTION_VERIFIED', '2026-11-21')], null],
    ['membership housekeeping (not notified)', [row('MEMBER_JOINED', null)], null],
  ])('%s', (_, rows, line) => {
    const text = changeMessage({ ...base, rows });
    if (line === null) return expect(text).toBeNull();
    const days = rows
      .map((r) => r.fecha)
      .filter(Boolean)
      .sort();
    const date = days.length > 0 ? `&date=${days.at(-1)}` : '';
    expect(text).toBe(`Caja\n${line}\nhttps://app.example/dashboard?ledger=L1${date}`);
  });

  it('keeps names and notes as typed (plain text is never parsed for formatting)', () => {
    const text = changeMessage({
      ...base,
      ledgerName: '<b>Caja</b>',
      actorName: '*Ana*',
      rows: [row('TRANSACTION_DELETED', '2026-11-21', tx(1, 40))],
    });
    expect(text?.split('\n').slice(0, 2)).toEqual([
      '<b>Caja</b>',
      '*Ana* eliminó una operación del 21/11/2026: venta 1,00 USD a 40,00 Bs.',
    ]);
  });
});
