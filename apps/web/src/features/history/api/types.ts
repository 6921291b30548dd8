/** Answers of the history calls (docs/product.md#history, docs/api.md). Numbers are plain JSON numbers. */

// Typed once, with the server, in packages/shared/src/schemas/history.ts and activity.ts.
export type { ActivityEntry, DailyProfit, HistoryDate, HistorySummary, HistoryWindow } from '@arb/shared';
