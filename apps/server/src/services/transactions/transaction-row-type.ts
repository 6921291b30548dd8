/** A transaction as read by every query of this area (raw SQL: the balances path is hot). */
export interface TransactionRow {
  id: string;
  ledger_id: string;
  fecha: string;
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  notas: string | null;
  esta_verificada: boolean;
  bs_recibidos: string;
  bs_pagados: string;
  ganancia_ves: string;
  ganancia_usd: string;
  /** The fee in USD, NUMERIC(21,8) text (docs/product.md#binance-import). */
  comision_usd: string;
  /** When the order happened, ISO 8601 UTC with milliseconds. */
  ocurrido_en: string;
  /** 'manual' or 'binance_p2p' (docs/product.md#binance-import). */
  origen: 'manual' | 'binance_p2p';
  /** The imported order's number (text); null for manual rows. */
  referencia: string | null;
  version: number;
  /** The row's accounts (docs/product.md#cuentas-y-movimientos); null = Sin asignar. */
  cuenta_ves_id: string | null;
  cuenta_usd_id: string | null;
  /** The market the row met (DESIGN §24, migration 0024): numeric(17,4) text and its day; null = not stamped. */
  mercado_paralelo: string | null;
  mercado_oficial: string | null;
  mercado_fecha: string | null;
  /** ISO 8601 UTC with milliseconds (Drizzle's driver hands timestamps over as text). */
  created_at: string;
  created_by: string | null;
  /** The author's name; null when the author was deleted. */
  author_name: string | null;
}
