import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { DEFAULT_LEDGER_NAME, messages, t } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { errorMessage, isPlainForbidden } from '../../../shared/lib/api-client';
import { FullPageSpinner } from '../../../shared/ui/FullPageSpinner';
import { useCreateLedger, useLedgers } from '../../ledgers';
import { DashboardAppBar } from '../components/DashboardAppBar';
import { DashboardView } from '../components/DashboardView';
import { NoLedgerState } from '../components/NoLedgerState';
import { useDashboardParams } from '../hooks/useDashboardParams';
import { showDashboardFlash } from '../lib/dashboard-flash';

/** /dashboard?ledger={id}&date={YYYY-MM-DD} (docs/product.md#screens). */
export default function DashboardPage() {
  const { logout } = useAuth();
  const ledgers = useLedgers();
  const { ledgerParam, dateParam, date, setSelection } = useDashboardParams();
  const createLedger = useCreateLedger();
  const autoCreated = useRef(false);

  // The first dashboard (app bar, form, summary) mounts from a deferred copy of the list: React
  // renders it in a transition, in slices, not in one long task when the answer arrives
  // (Lighthouse Total Blocking Time on /dashboard, docs/benchmarks.md).
  const list = useDeferredValue(ledgers.data);
  const ledger = list?.find((l) => l.id === ledgerParam) ?? list?.[0];

  // Missing or unknown ledger, missing or invalid date: write what is shown into the query string,
  // in the commit that shows it. Not later: a write deferred to an idle moment once navigated to
  // /dashboard?… the user back from a page they had already opened whose code was still loading
  // (the router keeps the dashboard mounted meanwhile; docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
  // A link's own ledger or date that cannot be shown is said once, for the link the page opened
  // with (issue 36: replaced silently); later rewrites (a ledger left or deleted) say their own.
  const linkChecked = useRef(false);
  useEffect(() => {
    if (!ledger) return;
    if (!linkChecked.current) {
      linkChecked.current = true;
      const badLedger = ledgerParam !== undefined && ledgerParam !== ledger.id;
      const badDate = dateParam !== undefined && dateParam !== date;
      if (badLedger) showDashboardFlash(t(badDate ? 'linkBothInvalid' : 'linkLedgerInvalid', { name: ledger.name }));
      else if (badDate) showDashboardFlash(messages.linkDateInvalid);
    }
    if (ledgerParam !== ledger.id || dateParam !== date) setSelection({ ledger: ledger.id, date });
  }, [ledger, ledgerParam, dateParam, date, setSelection]);

  // docs/api.md#calls: a 403 on the ledger list clears the session and goes to /login.
  const forbidden = isPlainForbidden(ledgers.error);
  useEffect(() => {
    if (forbidden) void logout();
  }, [forbidden, logout]);

  // No ledger at all: create the personal one once by itself; 'Reintentar' tries again.
  const empty = list !== undefined && list.length === 0;
  const { mutate: create } = createLedger;
  useEffect(() => {
    if (empty && !autoCreated.current) {
      autoCreated.current = true;
      create({ name: DEFAULT_LEDGER_NAME });
    }
  }, [empty, create]);

  if (ledgers.isPending || (ledgers.data !== undefined && list === undefined)) return <FullPageSpinner label="Cargando aplicación" />;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <DashboardAppBar />
      {ledgers.isError ? (
        <Box sx={{ maxWidth: 640, mx: 'auto', mt: 6, px: 2 }}>
          <RetryAlert message={errorMessage(ledgers.error, messages.loadLedgersError)} onRetry={() => void ledgers.refetch()} />
        </Box>
      ) : ledger && list ? (
        <DashboardView ledger={ledger} date={date} onSelect={setSelection} />
      ) : (
        <NoLedgerState
          creating={createLedger.isPending}
          error={createLedger.isError ? errorMessage(createLedger.error, messages.createLedgerError) : null}
          onRetry={() => create({ name: DEFAULT_LEDGER_NAME })}
        />
      )}
    </Box>
  );
}
