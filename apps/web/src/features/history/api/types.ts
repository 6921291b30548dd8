/** Answers of the history calls (DESIGN §2 History, §3). Numbers are plain JSON numbers. */

// Typed once, with the server, in packages/shared/src/schemas/history.ts.
export type { DailyProfit, HistoryDate, HistorySummary, HistoryWindow } from '@arb/shared';

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
  /** DESIGN §18: when the change was restored; null while it stands. */
  restoredAt?: string | null;
  user?: { id: string; user_name: string } | null;
  userId?: string | null;
  user_name?: string | null;
}
