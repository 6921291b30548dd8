import { dayOrToday } from '@arb/shared';
import { getRefreshToken, getStoredUser } from '../shared/lib/session';
import { prefetch } from '../shared/query/prefetched';
import { fetchLedgers, LEDGERS_URL } from '../features/ledgers/api/fetch-ledgers';
import { balancesUrl, fetchBalances } from '../features/dashboard/api/fetch-balances';

/**
 * A signed-in visit that opens /dashboard: start what its first screen waits for now, from the
 * entry module, instead of one after the other once React has rendered the route
 * (docs/decisions/0019-dashboard-first-paint.md). Before this, the day's list painted after
 * entry → dashboard chunks → GET /api/ledgers → GET /api/transactions/balances (Lighthouse LCP
 * 4.6 s, docs/benchmarks.md). Now the two answers come back while the screen's chunks download
 * (main.tsx starts those with `preloadDashboardScreen` when this returns true), and the
 * dashboard's queries take the answers in flight or arrived (shared/query/prefetched.ts).
 *
 * The requests go through `api()`, so an expired token is refreshed first and a 401 refreshes and
 * retries as any other call does (docs/api.md#calls); a failed answer reaches the query as its
 * error. Returns whether it started anything (for tests).
 */
export function startDashboardEarly(location: Pick<Location, 'pathname' | 'search'>): boolean {
  // The same test as AuthProvider's: without a stored user and refresh token the guard sends the
  // visitor to /login, and nothing should be asked.
  if (location.pathname !== '/dashboard' || !getStoredUser() || !getRefreshToken()) return false;
  const params = new URLSearchParams(location.search);
  const wanted = params.get('ledger');
  // The day the dashboard will show (useDashboardParams): the query string's, or today.
  const fecha = dayOrToday(params.get('date'));
  void prefetch(LEDGERS_URL, () => fetchLedgers()).then(
    (ledgers) => {
      // The ledger the dashboard will open (DashboardPage): the one asked for if the user has it, else the first.
      const ledger = ledgers.find((l) => l.id === wanted) ?? ledgers[0];
      if (ledger) void prefetch(balancesUrl(ledger.id, fecha), () => fetchBalances(ledger.id, fecha));
    },
    () => undefined,
  );
  return true;
}
