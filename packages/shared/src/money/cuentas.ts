import { Big, roundHalfUp, toBigOrZero, toFixedString, type DecimalInput } from './decimal.ts';

/**
 * Where the money is (docs/product.md#cuentas-y-movimientos): the flows a transaction or a
 * movement puts into and takes out of accounts, and Sin asignar. Pure rules, shared by the server
 * (whose per-account day totals apply the same flows in SQL, migration 0016, and are tested
 * against these) and the web's previews.
 */

export const MONEDAS = ['VES', 'USD'] as const;
export type Moneda = (typeof MONEDAS)[number];

export const TIPOS_CUENTA = ['banco', 'pago_movil', 'binance', 'zelle', 'efectivo', 'otra'] as const;
export type TipoCuenta = (typeof TIPOS_CUENTA)[number];

export const TIPOS_MOVIMIENTO = ['transferencia', 'aporte', 'retiro', 'ajuste'] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

export const SENTIDOS = ['entrada', 'salida'] as const;
export type Sentido = (typeof SENTIDOS)[number];

/** One account's (or Sin asignar's, `cuenta: null`) money in and out, exact. */
export interface Flow {
  cuenta: string | null;
  moneda: Moneda;
  entra: Big;
  sale: Big;
}

/** The columns of a transaction that move money (as stored: exact decimal strings). */
export interface TransactionFlowInput {
  venta: DecimalInput;
  compra: DecimalInput;
  bs_recibidos: DecimalInput;
  bs_pagados: DecimalInput;
  comision_usd: DecimalInput;
  cuenta_ves_id: string | null;
  cuenta_usd_id: string | null;
}

/**
 * A transaction's flows: its sale moves `venta` and its purchase brings `compra` through the USD
 * account, and the bolívares received and paid through the VES account; the row's `comision_usd`
 * always leaves its USD account (DESIGN §28), whatever its sides. A null account is Sin asignar.
 */
export function transactionFlows(tx: TransactionFlowInput): [Flow, Flow] {
  return [
    { cuenta: tx.cuenta_ves_id, moneda: 'VES', entra: toBigOrZero(tx.bs_recibidos), sale: toBigOrZero(tx.bs_pagados) },
    {
      cuenta: tx.cuenta_usd_id,
      moneda: 'USD',
      entra: toBigOrZero(tx.compra),
      sale: toBigOrZero(tx.venta).plus(toBigOrZero(tx.comision_usd)),
    },
  ];
}

/** A movement as stored. */
export interface MovementFlowInput {
  tipo: TipoMovimiento;
  moneda: Moneda;
  monto: DecimalInput;
  comision?: DecimalInput | null;
  cuenta_origen_id: string | null;
  cuenta_destino_id: string | null;
  /** An ajuste of Sin asignar only (both accounts null): which way the money went. */
  sentido?: Sentido | null;
}

/**
 * Whether a movement brings money into the ledger (+1), takes it out (−1) or moves it inside
 * (0: a transfer, whose fee alone leaves).
 */
export function movementDirection(m: MovementFlowInput): -1 | 0 | 1 {
  switch (m.tipo) {
    case 'transferencia':
      return 0;
    case 'aporte':
      return 1;
    case 'retiro':
      return -1;
    case 'ajuste':
      // Money found names its destination, money missing its origin; Sin asignar says its sentido.
      if (m.cuenta_destino_id !== null) return 1;
      if (m.cuenta_origen_id !== null) return -1;
      return m.sentido === 'salida' ? -1 : 1;
  }
}

/**
 * A movement's flows: the origin gives `monto` (plus a transfer's fee), the destination gets
 * `monto`; a null side of a transfer is Sin asignar, and so is the null side of an aporte, retiro
 * or ajuste that names no account.
 */
export function movementFlows(m: MovementFlowInput): Flow[] {
  const monto = toBigOrZero(m.monto);
  const fee = m.tipo === 'transferencia' ? toBigOrZero(m.comision ?? 0) : new Big(0);
  const zero = new Big(0);
  const dir = movementDirection(m);
  if (dir === 0) {
    return [
      { cuenta: m.cuenta_origen_id, moneda: m.moneda, entra: zero, sale: monto.plus(fee) },
      { cuenta: m.cuenta_destino_id, moneda: m.moneda, entra: monto, sale: zero },
    ];
  }
  const cuenta = dir > 0 ? m.cuenta_destino_id : m.cuenta_origen_id;
  return [{ cuenta, moneda: m.moneda, entra: dir > 0 ? monto : zero, sale: dir < 0 ? monto : zero }];
}

/**
 * What a movement adds to the ledger's available balance of its currency: aportes and ajustes in
 * add `monto`, retiros and ajustes out subtract it, a transfer subtracts its fee.
 */
export function movementNet(m: MovementFlowInput): Big {
  const dir = movementDirection(m);
  if (dir === 0) return toBigOrZero(m.comision ?? 0).neg();
  return dir > 0 ? toBigOrZero(m.monto) : toBigOrZero(m.monto).neg();
}

/** movimientos netos per currency (docs/product.md#cuentas-y-movimientos), exact. */
export function movimientosNetos(movements: readonly MovementFlowInput[]): { ves: string; usd: string } {
  let ves = new Big(0);
  let usd = new Big(0);
  for (const m of movements) {
    if (m.moneda === 'VES') ves = ves.plus(movementNet(m));
    else usd = usd.plus(movementNet(m));
  }
  return { ves: toFixedString(ves), usd: toFixedString(usd) };
}

/** An account's balance as shown and compared: rounded half-up to cents (DESIGN §28). */
export function saldoCuenta(entra: DecimalInput, sale: DecimalInput): string {
  return toFixedString(roundHalfUp(toBigOrZero(entra).minus(toBigOrZero(sale)), 2), 2);
}

/**
 * Sin asignar of one currency = round2(available) − Σ round2(account) (DESIGN §28), so the
 * figures shown always add up: Σ accounts + Sin asignar = the available balance shown.
 */
export function sinAsignar(available: DecimalInput, accountBalances: readonly DecimalInput[]): string {
  let rest = roundHalfUp(toBigOrZero(available), 2);
  for (const b of accountBalances) rest = rest.minus(roundHalfUp(toBigOrZero(b), 2));
  return toFixedString(rest, 2);
}

/** The key an account's name is unique on (DESIGN §28): NFD, marks removed, lower-cased, spaces collapsed. */
export function nombreClave(nombre: string): string {
  return nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * The key a Binance payment-method name is compared on (DESIGN §28): case, accents and spaces do
 * not count, so "Pago Móvil" names Binance's "PagoMovil" (decision 0047). One active account per
 * titular may name a key: that is the account the sync puts the order's bolívares in.
 */
export function metodoBinanceClave(metodo: string): string {
  return nombreClave(metodo).replace(/\s+/gu, '');
}

export type MovementShapeError =
  | 'movMismaCuenta'
  | 'movTransferenciaSinCuentas'
  | 'movAporteConOrigen'
  | 'movRetiroConDestino'
  | 'movAjusteUnaCuenta'
  | 'movAjusteSentido'
  | 'movAjusteSinNotas'
  | 'movComisionSoloTransferencias';

/**
 * The shape rules of a movement (which sides it may name), as a message key with the field it
 * concerns, or null. Accounts' currency and ledger are the server's check (it reads them).
 */
export function movementShapeError(
  m: MovementFlowInput & { notas?: string | null },
): { field: string; message: MovementShapeError } | null {
  const fee = toBigOrZero(m.comision ?? 0);
  if (m.tipo !== 'transferencia' && fee.gt(0)) return { field: 'comision', message: 'movComisionSoloTransferencias' };
  switch (m.tipo) {
    case 'transferencia':
      if (m.cuenta_origen_id === null && m.cuenta_destino_id === null)
        return { field: 'cuenta_destino_id', message: 'movTransferenciaSinCuentas' };
      if (m.cuenta_origen_id === m.cuenta_destino_id) return { field: 'cuenta_destino_id', message: 'movMismaCuenta' };
      return null;
    case 'aporte':
      return m.cuenta_origen_id === null ? null : { field: 'cuenta_origen_id', message: 'movAporteConOrigen' };
    case 'retiro':
      return m.cuenta_destino_id === null ? null : { field: 'cuenta_destino_id', message: 'movRetiroConDestino' };
    case 'ajuste':
      if (!m.notas || m.notas.trim() === '') return { field: 'notas', message: 'movAjusteSinNotas' };
      if (m.cuenta_origen_id !== null && m.cuenta_destino_id !== null) return { field: 'cuenta_origen_id', message: 'movAjusteUnaCuenta' };
      if (m.cuenta_origen_id === null && m.cuenta_destino_id === null && !m.sentido)
        return { field: 'sentido', message: 'movAjusteSentido' };
      return null;
  }
}
