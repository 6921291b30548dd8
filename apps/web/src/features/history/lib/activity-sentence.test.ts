import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../api/types';
import { activitySentence, type ActivityNames } from './activity-sentence';

const tx = {
  fecha: '2026-11-21',
  venta: 100,
  tasa_venta: 40,
  compra: 0,
  tasa_compra: 0,
  notas: null,
  esta_verificada: false,
  ganancia_usd: 100,
};
const entry = (e: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  action: 'TRANSACTION_CREATED',
  entityId: 't1',
  fecha: '2026-11-21',
  before: null,
  after: null,
  createdAt: '2026-11-21T14:05:00.000Z',
  restoredAt: null,
  user: { id: 'u1', user_name: 'Ana' },
  ...e,
});

describe('activitySentence', () => {
  it.each<[string, Partial<ActivityEntry>, string]>([
    [
      'a restore names the day it brought back',
      { action: 'ACTIVITY_RESTORED', entityId: '41', after: { action: 'LEDGER_DAY_RESET', restored: 2, days: ['2026-11-21'] } },
      'Ana restauró un cambio del 21/11/2026',
    ],
    [
      'a delete kept as a full row snapshot (numbers as exact text) reads like before',
      {
        action: 'TRANSACTION_DELETED',
        before: { ...tx, id: 't1', ledger_id: 'L1', venta: '100.00', tasa_venta: '40.0000', ganancia_usd: '100' },
      },
      'Ana eliminó una transacción del 21/11/2026: venta 100,00, tasa venta 40,00 Bs, ganancia 100,00 USD',
    ],
    [
      'a creation with what was typed',
      { after: tx },
      'Ana creó una transacción del 21/11/2026: venta 100,00, tasa venta 40,00 Bs, ganancia 100,00 USD',
    ],
    [
      'an edit with before → after of the changed fields only',
      { action: 'TRANSACTION_UPDATED', before: tx, after: { ...tx, venta: 120, ganancia_usd: 120 } },
      'Ana editó una transacción del 21/11/2026: venta 100,00 → 120,00',
    ],
    [
      'an edit that moved the day and changed the notes',
      { action: 'TRANSACTION_UPDATED', fecha: '2026-11-22', before: tx, after: { ...tx, fecha: '2026-11-22', notas: 'Zelle' } },
      'Ana editó una transacción del 21/11/2026: fecha 21/11/2026 → 22/11/2026, notas (vacío) → «Zelle»',
    ],
    [
      'an edit of a rate',
      {
        action: 'TRANSACTION_UPDATED',
        before: { ...tx, compra: 50, tasa_compra: 38.5 },
        after: { ...tx, compra: 50, tasa_compra: 39.1234 },
      },
      'Ana editó una transacción del 21/11/2026: tasa compra 38,50 Bs → 39,1234 Bs',
    ],
    [
      'a deletion with what was removed',
      { action: 'TRANSACTION_DELETED', before: tx },
      'Ana eliminó una transacción del 21/11/2026: venta 100,00, tasa venta 40,00 Bs, ganancia 100,00 USD',
    ],
    [
      'a verification',
      { action: 'TRANSACTION_VERIFIED', before: { esta_verificada: false }, after: { esta_verificada: true } },
      'Ana marcó como verificada una transacción del 21/11/2026',
    ],
    [
      'an un-verification',
      { action: 'TRANSACTION_VERIFIED', before: { esta_verificada: true }, after: { esta_verificada: false } },
      'Ana quitó la verificación de una transacción del 21/11/2026',
    ],
    [
      'a base balance change',
      {
        action: 'DAILY_BALANCE_UPDATED',
        entityId: null,
        before: { saldo_base_ves: 0, saldo_base_usd: 5, fecha: '2026-11-21', heredado: true },
        after: { saldo_base_ves: 1500.5, saldo_base_usd: 5, fecha: '2026-11-21', heredado: false },
      },
      'Ana cambió el saldo base del 21/11/2026: saldo base Bs.S 0,00 Bs.S → 1.500,50 Bs.S',
    ],
    [
      'a rename',
      { action: 'LEDGER_RENAMED', fecha: null, before: { name: 'Mi Registro' }, after: { name: 'Caja' } },
      'Ana cambió el nombre del registro: nombre «Mi Registro» → «Caja»',
    ],
    [
      'the profit method (docs/product.md#profit-method-and-position)',
      {
        action: 'LEDGER_SETTINGS_UPDATED',
        fecha: null,
        before: { metodo_ganancia: 'por_operacion' },
        after: { metodo_ganancia: 'costo_promedio' },
      },
      'Ana cambió el método de ganancia a costo promedio',
    ],
    [
      'the profit method back',
      {
        action: 'LEDGER_SETTINGS_UPDATED',
        fecha: null,
        before: { metodo_ganancia: 'costo_promedio' },
        after: { metodo_ganancia: 'por_operacion' },
      },
      'Ana cambió el método de ganancia a por operación',
    ],
    // docs/product.md#socios-y-liquidacion
    [
      'the split rule alone',
      {
        action: 'LEDGER_SETTINGS_UPDATED',
        fecha: null,
        before: { metodo_ganancia: 'por_operacion', reparto: { metodo: 'capital' } },
        after: { metodo_ganancia: 'por_operacion', reparto: { metodo: 'porcentaje' } },
      },
      'Ana cambió el reparto del resultado entre socios',
    ],
    [
      'a capital registration (decision 0056)',
      { action: 'CAPITAL_INICIAL_REGISTRADO', fecha: '2026-09-05', before: { saldo_base_ves: '8000' }, after: { aportes: [] } },
      'Ana registró el capital inicial del 05/09/2026',
    ],
    [
      'a period closed',
      {
        action: 'LIQUIDACION_CERRADA',
        fecha: '2026-10-31',
        before: null,
        after: { desde: '2026-10-01', hasta: '2026-10-31', resultado_usd: 5 },
      },
      'Ana cerró el período 01/10/2026 – 31/10/2026',
    ],
    [
      'a period reopened',
      { action: 'LIQUIDACION_REABIERTA', fecha: '2026-10-31', before: { desde: '2026-10-01', hasta: '2026-10-31' }, after: null },
      'Ana reabrió el período 01/10/2026 – 31/10/2026',
    ],
    [
      'a permission change',
      { action: 'MEMBER_PERMISSIONS_UPDATED', fecha: null, before: { canModifyBalance: false }, after: { canModifyBalance: true } },
      'Ana cambió los permisos de un miembro: modificar saldos No → Sí',
    ],
    // issue 25: the snapshot's member is named
    [
      'a permission change names the member',
      {
        action: 'MEMBER_PERMISSIONS_UPDATED',
        fecha: null,
        before: { canModifyBalance: true, user: { id: 'u2', user_name: 'Gabi' } },
        after: { canModifyBalance: false, user: { id: 'u2', user_name: 'Gabi' } },
      },
      'Ana cambió los permisos de Gabi: modificar saldos Sí → No',
    ],
    // docs/product.md "Permissions": a viewer ("Solo lectura") set, with the balance permission it cleared…
    [
      'a member made a viewer',
      {
        action: 'MEMBER_PERMISSIONS_UPDATED',
        fecha: null,
        before: { canModifyBalance: true, soloLectura: false, user: { id: 'u2', user_name: 'Gabi' } },
        after: { canModifyBalance: false, soloLectura: true, user: { id: 'u2', user_name: 'Gabi' } },
      },
      'Ana dejó a Gabi en solo lectura: modificar saldos Sí → No',
    ],
    // …and cleared (nothing else changed).
    [
      'a viewer no more',
      {
        action: 'MEMBER_PERMISSIONS_UPDATED',
        fecha: null,
        before: { canModifyBalance: false, soloLectura: true, user: { id: 'u2', user_name: 'Gabi' } },
        after: { canModifyBalance: false, soloLectura: false, user: { id: 'u2', user_name: 'Gabi' } },
      },
      'Ana quitó la solo lectura a Gabi',
    ],
    [
      'a viewer set, member unnamed',
      {
        action: 'MEMBER_PERMISSIONS_UPDATED',
        fecha: null,
        before: { canModifyBalance: false, soloLectura: false },
        after: { canModifyBalance: false, soloLectura: true },
      },
      'Ana dejó a un miembro en solo lectura',
    ],
    // Only 'Modificar saldos' changed: the sentence it always was.
    [
      'the balance permission alone, soloLectura in both snapshots',
      {
        action: 'MEMBER_PERMISSIONS_UPDATED',
        fecha: null,
        before: { canModifyBalance: false, soloLectura: false, user: { id: 'u2', user_name: 'Gabi' } },
        after: { canModifyBalance: true, soloLectura: false, user: { id: 'u2', user_name: 'Gabi' } },
      },
      'Ana cambió los permisos de Gabi: modificar saldos No → Sí',
    ],
    [
      'an expulsion names the member',
      { action: 'MEMBER_REMOVED', fecha: null, before: { userId: 'u2', canModifyBalance: false, user: { id: 'u2', user_name: 'Hugo' } } },
      'Ana expulsó a Hugo',
    ],
    [
      'handing the ledger over names the new owner',
      {
        action: 'LEDGER_OWNER_CHANGED',
        fecha: null,
        before: { ownerId: 'u1', owner: { id: 'u1', user_name: 'Ana' } },
        after: { ownerId: 'u2', owner: { id: 'u2', user_name: 'Vera' } },
      },
      'Ana transfirió la propiedad del registro a Vera',
    ],
    ['an old expulsion without a snapshot', { action: 'MEMBER_REMOVED', fecha: null, before: null }, 'Ana expulsó a un miembro'],
    ['an action this screen does not know', { action: 'SOMETHING_NEW', fecha: null }, 'Ana realizó SOMETHING_NEW'],
    [
      'a deleted author',
      { user: null, action: 'TRANSACTION_VERIFIED', after: { esta_verificada: true } },
      'Usuario eliminado marcó como verificada una transacción del 21/11/2026',
    ],
  ])('%s', (_name, e, sentence) => {
    expect(activitySentence(entry(e), 'por_operacion')).toBe(sentence);
  });
});

describe('activitySentence of imports (docs/product.md#binance-import)', () => {
  it.each<[Partial<ActivityEntry>, string]>([
    [{ action: 'IMPORT_CREATED', after: { created: 20000, fechas: ['2026-11-20'] } }, 'Ana importó 20000 operaciones'],
    [{ action: 'IMPORT_UNDONE', before: { transactions: [] }, after: { removed: 3 } }, 'Ana deshizo la importación de 3 operaciones'],
    // One is said in the singular (socios walk: "1 operaciones").
    [{ action: 'IMPORT_CREATED', after: { created: 1, fechas: ['2026-11-20'] } }, 'Ana importó 1 operación'],
    [{ action: 'IMPORT_UNDONE', before: { transactions: [] }, after: { removed: 1 } }, 'Ana deshizo la importación de 1 operación'],
  ])('%o → %s', (e, sentence) => {
    expect(activitySentence(entry(e), 'por_operacion')).toBe(sentence);
  });
});

describe('activitySentence under costo promedio (issue 36)', () => {
  // A sale of 600 @ 300 stores its per-operation ganancia (600 − 0.60 fee = 599.40 USD); under
  // costo promedio it realized 29.59 against the average, a figure that later rows can change.
  const sale = { ...tx, venta: '600.00', tasa_venta: '300.0000', ganancia_usd: '599.40' };

  it.each<[string, Partial<ActivityEntry>, string]>([
    [
      'a creation',
      { action: 'TRANSACTION_CREATED', after: sale },
      'Ana creó una transacción del 21/11/2026: venta 600,00, tasa venta 300,00 Bs',
    ],
    [
      'a deletion',
      { action: 'TRANSACTION_DELETED', before: { ...sale, id: 't1', ledger_id: 'L1' } },
      'Ana eliminó una transacción del 21/11/2026: venta 600,00, tasa venta 300,00 Bs',
    ],
  ])('%s states no per-operation profit', (_name, e, sentence) => {
    expect(activitySentence(entry(e), 'costo_promedio')).toBe(sentence);
  });

  it('the same entry under por operación states the profit that method shows', () => {
    expect(activitySentence(entry({ action: 'TRANSACTION_CREATED', after: sale }), 'por_operacion')).toBe(
      'Ana creó una transacción del 21/11/2026: venta 600,00, tasa venta 300,00 Bs, ganancia 599,40 USD',
    );
  });
});

describe('activitySentence of accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos)', () => {
  // The snapshots as the server stores them (walk3: these read "Ana realizó MOVEMENT_CREATED").
  const BANESCO = 'c-banesco';
  const MERCANTIL = 'c-mercantil';
  const names: ActivityNames = {
    cuentas: new Map([
      [BANESCO, { nombre: 'Banesco Bs', moneda: 'VES' }],
      [MERCANTIL, { nombre: 'Mercantil Bs', moneda: 'VES' }],
    ]),
    miembros: new Map([
      ['u1', 'Ana'],
      ['u2', 'Beto'],
    ]),
  };
  const mov = {
    id: 'm1',
    tipo: 'transferencia',
    fecha: '2026-11-23',
    moneda: 'VES',
    monto: '20000.00',
    comision: '12.50',
    tasa: null,
    notas: null,
    sentido: null,
    miembro_id: null,
    cuenta_origen_id: MERCANTIL,
    cuenta_destino_id: BANESCO,
  };
  const cuenta = { id: BANESCO, nombre: 'Banesco Bs', moneda: 'VES', tipo: 'banco', titular_id: 'u1', archivada: false };

  it.each<[string, Partial<ActivityEntry>, string]>([
    [
      'a transfer with its accounts and fee',
      { action: 'MOVEMENT_CREATED', fecha: '2026-11-23', after: mov },
      'Ana registró una transferencia de 20.000,00 Bs.S del 23/11/2026: desde Mercantil Bs, hacia Banesco Bs, comisión 12,50 Bs.S',
    ],
    [
      "a partner's aporte in bolívares, valued at its rate",
      {
        action: 'MOVEMENT_CREATED',
        fecha: '2026-11-20',
        after: {
          ...mov,
          tipo: 'aporte',
          fecha: '2026-11-20',
          monto: '1234.56',
          comision: '0.00',
          tasa: '310.5000',
          miembro_id: 'u2',
          cuenta_origen_id: null,
        },
      },
      'Ana registró un aporte de 1.234,56 Bs.S del 20/11/2026: socio Beto, hacia Banesco Bs, tasa 310,50 Bs',
    ],
    [
      "a cuadre's ajuste with its reason",
      {
        action: 'MOVEMENT_CREATED',
        fecha: '2026-11-27',
        after: {
          ...mov,
          tipo: 'ajuste',
          fecha: '2026-11-27',
          monto: '19.25',
          comision: '0.00',
          notas: 'Ajuste por cuadre del 27/11/2026',
          cuenta_origen_id: BANESCO,
          cuenta_destino_id: null,
        },
      },
      'Ana registró un ajuste de 19,25 Bs.S del 27/11/2026: desde Banesco Bs, «Ajuste por cuadre del 27/11/2026»',
    ],
    [
      'a movement edit says what changed, in its currency',
      { action: 'MOVEMENT_UPDATED', fecha: '2026-11-23', before: mov, after: { ...mov, monto: '25000.00', cuenta_destino_id: null } },
      'Ana editó una transferencia de 25.000,00 Bs.S del 23/11/2026: monto 20.000,00 Bs.S → 25.000,00 Bs.S, hacia Banesco Bs → Sin asignar',
    ],
    [
      'a deleted USD aporte',
      {
        action: 'MOVEMENT_DELETED',
        fecha: '2026-11-20',
        before: {
          ...mov,
          tipo: 'aporte',
          fecha: '2026-11-20',
          moneda: 'USD',
          monto: '1500.50',
          comision: '0.00',
          miembro_id: 'u1',
          cuenta_origen_id: null,
          cuenta_destino_id: 'c-gone',
        },
      },
      'Ana eliminó un aporte de 1.500,50 USD del 20/11/2026: socio Ana, hacia otra cuenta',
    ],
    [
      'an account created',
      { action: 'CUENTA_CREATED', fecha: null, after: { ...cuenta, titular_id: 'u2' } },
      'Ana creó la cuenta «Banesco Bs»: titular Beto',
    ],
    [
      'an account renamed and handed to another holder',
      { action: 'CUENTA_UPDATED', fecha: null, before: cuenta, after: { ...cuenta, nombre: 'Banesco Ana', titular_id: 'u2' } },
      'Ana modificó la cuenta «Banesco Bs»: nombre «Banesco Bs» → «Banesco Ana», titular Ana → Beto',
    ],
    [
      'an account archived',
      { action: 'CUENTA_UPDATED', fecha: null, before: cuenta, after: { ...cuenta, archivada: true } },
      'Ana archivó la cuenta «Banesco Bs»',
    ],
    ['an account deleted', { action: 'CUENTA_DELETED', fecha: null, before: cuenta }, 'Ana eliminó la cuenta «Banesco Bs»'],
    [
      'a cuadre with its difference in the account’s currency',
      {
        action: 'CUADRE_CREATED',
        fecha: '2026-11-27',
        after: { cuenta_id: BANESCO, fecha: '2026-11-27', saldo_real: '51580.75', saldo_sistema: '51600.00', diferencia: '-19.25' },
      },
      'Ana cuadró la cuenta «Banesco Bs» al 27/11/2026: saldo real 51.580,75 Bs.S, diferencia -19,25 Bs.S',
    ],
    [
      'a transaction moved to another account says which',
      {
        action: 'TRANSACTION_UPDATED',
        before: { ...tx, cuenta_ves_id: MERCANTIL },
        after: { ...tx, cuenta_ves_id: MERCANTIL, cuenta_usd_id: BANESCO },
      },
      'Ana editó una transacción del 21/11/2026: cuenta USD Sin asignar → Banesco Bs',
    ],
  ])('%s', (_name, e, sentence) => {
    expect(activitySentence(entry(e), 'por_operacion', names)).toBe(sentence);
  });

  it('without the names (still loading) a cuadre states plain figures, never a guessed currency', () => {
    expect(
      activitySentence(
        entry({
          action: 'CUADRE_CREATED',
          fecha: '2026-11-27',
          after: { cuenta_id: BANESCO, saldo_real: '51580.75', diferencia: '-19.25' },
        }),
        'por_operacion',
      ),
    ).toBe('Ana cuadró una cuenta al 27/11/2026: saldo real 51.580,75, diferencia -19,25');
  });
});
