import { messages, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const LEDGERS_URL = '/api/ledgers';

/**
 * GET /api/ledgers, without TanStack Query: the entry module starts it early on a signed-in visit
 * to /dashboard (app/early-dashboard.ts, docs/decisions/0019-dashboard-first-paint.md).
 */
export function fetchLedgers(signal?: AbortSignal): Promise<Ledger[]> {
  return api<Ledger[]>(LEDGERS_URL, messages.loadLedgersError, signal ? { signal } : {});
}
