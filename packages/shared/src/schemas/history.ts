/**
 * Answers of the history calls (docs/api.md), typed once for the server that sends them and the
 * web that reads them. Numbers are plain JSON numbers; `ganancia_*` in USD unless named _ves.
 */

/** GET /api/transactions/dates: one day with transactions, newest first. */
export interface HistoryDate {
  date: string;
  /** es-ES long date, e.g. "sábado, 21 de noviembre de 2026". */
  formattedDate: string;
  transactionCount: number;
  /** The day's movements (docs/product.md#cuentas-y-movimientos); present only when there are some. */
  movementCount?: number;
}

export interface HistoryWindow {
  ganancia_total: number;
  transacciones_count: number;
}

/** GET /api/transactions/history-summary. */
export interface HistorySummary {
  /** The closing as of `fecha` (= hasta; docs/product.md#history): later days, even with an explicit base, do not count. */
  resumen_total: { saldo_ves: number; saldo_usd: number; ganancia_total: number; transacciones_count: number; fecha: string };
  resumen_7dias: HistoryWindow;
  resumen_14dias: HistoryWindow;
  resumen_mes: HistoryWindow;
  /** The reference day the windows end on (today in APP_TIMEZONE unless `hasta` was given). */
  hasta: string;
}

/** GET /api/transactions/daily-profit: one day of the profit chart, oldest first. */
export interface DailyProfit {
  date: string;
  /** USD: the sum of the day's rounded rows, as the day screen shows it. */
  ganancia_usd: number;
  transactionCount: number;
  /**
   * The day's spread, tasa_venta_promedio / tasa_compra_promedio − 1 in % with 2 decimals (DESIGN
   * §24); present only on days with both sales and purchases.
   */
  diferencial?: number;
}
