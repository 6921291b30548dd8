import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import type { Balances } from './types';

export type BalancesAnswer = Balances & { leidoEn?: number };

export const balancesUrl = (ledgerId: string, fecha: string) =>
  `/api/transactions/balances?ledgerId=${encodeURIComponent(ledgerId)}&fecha=${encodeURIComponent(fecha)}`;

/**
 * The day's figures and list, without TanStack Query: the entry module starts it early on a
 * signed-in visit to /dashboard (app/early-dashboard.ts, docs/decisions/0019-dashboard-first-paint.md).
 */
export async function fetchBalances(ledgerId: string, fecha: string, signal?: AbortSignal): Promise<BalancesAnswer> {
  const res = await api<Response>(balancesUrl(ledgerId, fecha), messages.txLoadError, { raw: true, ...(signal ? { signal } : {}) });
  // When the server answered: offline, the service worker serves its last answer, and the
  // banner says how old it is (docs/product.md#working-offline 'datos de las HH:MM').
  const date = Date.parse(res.headers.get('date') ?? '');
  return { ...((await res.json()) as Balances), leidoEn: Number.isNaN(date) ? Date.now() : date };
}
