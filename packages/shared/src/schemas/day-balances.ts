import type { CuentaSaldoJson, MovimientoJson } from './cuentas.ts';
import type { MercadoJson } from './market.ts';

/** The answers of the transactions API that server and web both speak (docs/api.md, docs/api.md). */

/** A transaction as the API answers it (docs/api.md + version, createdAt, createdBy). Money as numbers. */
export interface TransactionJson {
  id: string;
  ledgerId: string;
  fecha: string;
  venta: number;
  tasa_venta: number;
  compra: number;
  tasa_compra: number;
  notas: string | null;
  esta_verificada: boolean;
  bs_recibidos: number;
  bs_pagados: number;
  ganancia_transaccion_ves: number;
  ganancia_transaccion_usd: number;
  ganancia_acumulada_ves_hasta_esta_transaccion: number;
  ganancia_acumulada_usd_hasta_esta_transaccion: number;
  /** The fee in USD, up to 8 decimals (docs/product.md#binance-import). */
  comision_usd: number;
  /** When the order happened, ISO 8601 UTC with milliseconds (docs/product.md#binance-import). */
  ocurrido_en: string;
  /** Where the row came from (docs/product.md#binance-import). */
  origen: 'manual' | 'binance_p2p';
  /** The imported order's number, as text; null for manual rows. */
  referencia: string | null;
  version: number;
  createdAt: string;
  /** The author; null once their account was deleted (the web shows messages.deletedUser). */
  createdBy: { id: string; user_name: string } | null;
  /**
   * The row's accounts (docs/product.md#cuentas-y-movimientos); present only when set: an absent
   * key is null (Sin asignar), so a ledger without accounts answers exactly as before.
   */
  cuenta_ves_id?: string;
  cuenta_usd_id?: string;
  /**
   * DESIGN §24 (docs/product.md#market-reference): the market the row met, and its margins against
   * that parallel rate as percentages with 2 decimals (positive = better than the market). Present
   * only when stamped / computable: a row without a stamp answers exactly as before.
   */
  mercado?: MercadoJson;
  margen_venta?: number;
  margen_compra?: number;
}

/** resumen.* values are wrapped: `{ valor }` (docs/api.md). */
export interface Valor {
  valor: number;
}

/** A closed period's first and last day (day keys). */
export interface PeriodoCerrado {
  desde: string;
  hasta: string;
}

/** GET /api/transactions/balances: docs/api.md's balances response (+ saldos_base.heredado), per docs/product.md#money. */
export interface BalancesResponse {
  resumen: {
    saldo_disponible_ves: Valor;
    saldo_disponible_usd: Valor;
    venta_total: Valor;
    compra_total: Valor;
    ganancia_total_ves: Valor;
    ganancia_total_usd: Valor;
    /** Present when the ledger has accounts or movements (docs/product.md#cuentas-y-movimientos). */
    movimientos_netos_ves?: Valor;
    movimientos_netos_usd?: Valor;
    /** DESIGN §24: the day's USD-weighted average margin vs paralelo (%); present when some row has a margin. */
    margen_promedio?: Valor;
  };
  promedios: { tasa_venta_promedio: number; tasa_compra_promedio: number };
  /**
   * The day's base, per currency its explicit value or the previous day's closing balance
   * (heredado_ves / heredado_usd; heredado: both inherited), docs/product.md#balances-of-a-day.
   */
  saldos_base: { saldo_base_ves: number; saldo_base_usd: number; heredado: boolean; heredado_ves: boolean; heredado_usd: boolean };
  /** The available balances counting only verified transactions, from the verified base (docs/product.md#balances-of-a-day). */
  saldos_actuales: { saldo_ves_actual: number; saldo_usd_actual: number };
  /**
   * The closed period (liquidación, DESIGN §22) the day lies in, or null: the dashboard disables
   * its writes with periodoCerradoTexto(desde, hasta); the server's 409 PERIODO_CERRADO stays the
   * authority (docs/decisions/0066-closed-days-and-past-rates-on-the-dashboard.md).
   */
  cerrado: PeriodoCerrado | null;
  /** The day's movements; present (like cuentas and sin_asignar) when the ledger has accounts or movements. */
  movimientos?: MovimientoJson[];
  /** Each account's balance at the end of the day. */
  cuentas?: CuentaSaldoJson[];
  sin_asignar?: { ves: number; usd: number };
  transacciones_con_acumulados: TransactionJson[];
}
