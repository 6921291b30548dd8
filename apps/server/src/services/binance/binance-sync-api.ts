import type { BinanceLinkData, BinanceLinkStatus, BinanceSyncAnswer } from '@arb/shared';
import type { AuthUser } from '../auth/account.ts';

/**
 * What the app holds of the Binance sync (docs/product.md#binance-sync): links, manual and
 * periodic runs. Its own file so that the app context names it without importing the service
 * (which needs the context: scripts/check-cycles.mjs).
 */
export interface BinanceSync {
  link(user: AuthUser, data: BinanceLinkData): Promise<BinanceLinkStatus>;
  status(userId: string): Promise<BinanceLinkStatus>;
  unlink(userId: string): Promise<void>;
  /** The run's answer when it ends within `answerWithinMs`, else null (it goes on; the user's sockets hear the end). */
  syncNow(userId: string): Promise<BinanceSyncAnswer | null>;
  /** One periodic round over every active link (one instance at a time); how many links ran. */
  runRound(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}
