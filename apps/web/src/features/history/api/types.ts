/** Answers of the history calls (DESIGN §2 History, §3). Numbers are plain JSON numbers. */

// Typed once, with the server, in packages/shared/src/schemas/history.ts and activity.ts.
export type { ActivityEntry, DailyProfit, HistoryDate, HistorySummary, HistoryWindow } from '@arb/shared';
