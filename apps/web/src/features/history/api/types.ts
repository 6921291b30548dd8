/** Answers of the history calls (DESIGN §2 History, §3). Numbers are plain JSON numbers. */

/** GET /api/transactions/dates: one day with transactions, newest first. */
export interface HistoryDate {
  date: string;
  formattedDate: string;
  transactionCount: number;
}

export interface HistoryWindow {
  ganancia_total: number;
  transacciones_count: number;
}

/** GET /api/transactions/history-summary; `ganancia_total` is in USD. */
export interface HistorySummary {
  /** The closing as of `fecha` (the request's hasta, today by default; DESIGN Part II intro). */
  resumen_total: { saldo_ves: number; saldo_usd: number; ganancia_total: number; transacciones_count: number; fecha: string };
  resumen_7dias: HistoryWindow;
  resumen_14dias: HistoryWindow;
  resumen_mes: HistoryWindow;
}

/** GET /api/transactions/daily-profit: one day with activity, oldest first. */
export interface DailyProfit {
  date: string;
  ganancia_usd: number;
  transactionCount: number;
}

/**
 * GET /api/ledgers/:id/activity: one entry of the log, newest first. The author comes either as
 * `user {id, user_name}` or as flat `userId`/`user_name`; both are null once the account was deleted.
 */
export interface ActivityEntry {
  id: number;
  action: string;
  entityId: string | null;
  fecha: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  user?: { id: string; user_name: string } | null;
  userId?: string | null;
  user_name?: string | null;
}
