import { sql } from 'drizzle-orm';
import { toBig, toNumber, type TransactionJson } from '@arb/shared';

export type { TransactionJson };
import type { TransactionRow } from './transaction-row-type.ts';
import { rowMarket } from '../market/market-json.ts';

/**
 * Rounds an exact decimal string to its scale as a JSON number. Strings already at or below the
 * scale (NUMERIC(15,2) columns, computeDay's 2-dp figures) need no rounding: Number() of them is
 * what toNumber would give, without a decimal parse — hundreds of fields per balances answer.
 */
export function num(value: string, dp: number): number {
  const dot = value.indexOf('.');
  if (dot === -1 || value.length - dot - 1 <= dp) return Number(value) + 0;
  return toNumber(toBig(value), dp);
}

export function toTransactionJson(row: TransactionRow, cumulative: { ves: string; usd: string }): TransactionJson {
  return {
    id: row.id,
    ledgerId: row.ledger_id,
    fecha: row.fecha,
    venta: num(row.venta, 2),
    tasa_venta: num(row.tasa_venta, 4),
    compra: num(row.compra, 2),
    tasa_compra: num(row.tasa_compra, 4),
    notas: row.notas,
    esta_verificada: row.esta_verificada,
    bs_recibidos: num(row.bs_recibidos, 2),
    bs_pagados: num(row.bs_pagados, 2),
    ganancia_transaccion_ves: num(row.ganancia_ves, 2),
    ganancia_transaccion_usd: num(row.ganancia_usd, 2),
    ganancia_acumulada_ves_hasta_esta_transaccion: num(cumulative.ves, 2),
    ganancia_acumulada_usd_hasta_esta_transaccion: num(cumulative.usd, 2),
    comision_usd: num(row.comision_usd, 8),
    ocurrido_en: row.ocurrido_en,
    origen: row.origen,
    referencia: row.referencia,
    version: row.version,
    createdAt: row.created_at,
    createdBy: row.created_by && row.author_name !== null ? { id: row.created_by, user_name: row.author_name } : null,
    // Only when set (docs/product.md#cuentas-y-movimientos): a row without accounts answers as before.
    ...(row.cuenta_ves_id ? { cuenta_ves_id: row.cuenta_ves_id } : {}),
    ...(row.cuenta_usd_id ? { cuenta_usd_id: row.cuenta_usd_id } : {}),
    // DESIGN §24: the market the row met and its margins, only when stamped (market-json.ts).
    ...rowMarket(row).json,
  };
}

/**
 * The values an activity row keeps as "before"/"after" of a transaction. `activitySnapshotSql`
 * builds the same object in SQL for the one-statement create; a test holds them equal.
 */
export function activitySnapshot(row: TransactionRow) {
  return {
    fecha: row.fecha,
    venta: num(row.venta, 2),
    tasa_venta: num(row.tasa_venta, 4),
    compra: num(row.compra, 2),
    tasa_compra: num(row.tasa_compra, 4),
    notas: row.notas,
    esta_verificada: row.esta_verificada,
    ganancia_usd: num(row.ganancia_usd, 2),
    comision_usd: num(row.comision_usd, 8),
    ocurrido_en: row.ocurrido_en,
    ...(row.cuenta_ves_id ? { cuenta_ves_id: row.cuenta_ves_id } : {}),
    ...(row.cuenta_usd_id ? { cuenta_usd_id: row.cuenta_usd_id } : {}),
  };
}

/** activitySnapshot of the transactions row aliased `t`, as jsonb (numbers rounded alike). */
export const activitySnapshotSql = sql`jsonb_build_object(
  'fecha', t.fecha, 'venta', round(t.venta, 2), 'tasa_venta', round(t.tasa_venta, 4), 'compra', round(t.compra, 2),
  'tasa_compra', round(t.tasa_compra, 4), 'notas', t.notas, 'esta_verificada', t.esta_verificada, 'ganancia_usd', round(t.ganancia_usd, 2),
  'comision_usd', round(t.comision_usd, 8), 'ocurrido_en', to_char(t.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  || jsonb_strip_nulls(jsonb_build_object('cuenta_ves_id', t.cuenta_ves_id, 'cuenta_usd_id', t.cuenta_usd_id))`;
