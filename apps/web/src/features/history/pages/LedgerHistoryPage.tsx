import { getStoredUser } from '../../../shared/lib/session';
import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { BREADCRUMB_TAP } from '../../../shared/ui/LedgerBreadcrumbs';
import { Alert, Box, Breadcrumbs, Button, Chip, CircularProgress, Container, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useParams } from 'react-router';
import { addDays, messages, todayKey } from '@arb/shared';
import { Suspense } from 'react';
import { LazyRatesChart } from '../../reportes';
import { errorMessage } from '../../../shared/lib/api-client';
import { useHistoryDates } from '../api/get-history-dates';
import { useHistorySummary } from '../api/get-history-summary';
import { useLedger } from '../api/get-ledger';
import { ActivitySection } from '../components/ActivitySection';
import { ImportsSection } from '../../imports';
import { DailyProfitSection } from '../components/DailyProfitSection';
import { RealizedProfitSection } from '../components/RealizedProfitSection';
import { DatesList } from '../components/DatesList';
import { SearchSection } from '../components/SearchSection';
import { SummaryTiles } from '../components/SummaryTiles';
import { useHistoryRealtime } from '../hooks/use-history-realtime';
import { ConnectionChip } from '../../realtime';
import { daysChipLabel, daysWithTransactions } from '../lib/labels';
import { OfflineStatus } from '../../../shared/offline/OfflineStatus';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';
import { searchMembers } from '../lib/search-members';

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={messages.historyLoading} />
    </Box>
  );
}

/** /ledger/:ledgerId/history (docs/product.md#screens): summaries, the days with transactions, profit chart, activity. */
export default function LedgerHistoryPage() {
  const ledgerId = useParams().ledgerId ?? '';
  const ledger = useLedger(ledgerId);
  const user = getStoredUser();
  const dates = useHistoryDates(ledgerId);
  const summary = useHistorySummary(ledgerId);
  const { connected } = useHistoryRealtime(ledgerId);

  const breadcrumb = (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to="/history" underline="hover" color="inherit" sx={BREADCRUMB_TAP}>
        {messages.historyBreadcrumb}
      </Link>
      <Typography color="textPrimary" aria-current="page">
        {ledger.data?.name ?? messages.historyTitle}
      </Typography>
    </Breadcrumbs>
  );

  let body: React.ReactNode;
  if (ledger.isPending) body = <Loading />;
  else if (ledger.isError) body = <Alert severity="error">{errorMessage(ledger.error, messages.loadLedgersError)}</Alert>;
  else if (!ledger.data) {
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {messages.ledgerNotFound}
        </Typography>
        <Button component={RouterLink} to="/history" variant="outlined">
          {messages.historyBackToLedgers}
        </Button>
      </Paper>
    );
  } else {
    // A viewer ("Solo lectura", docs/product.md "Permissions") reads this page whole but gets no
    // button whose write would answer 403: no "create the first", no undo of an import, no restore.
    const permissions = ledgerPermissions(ledger.data, user?.id);
    const failed = dates.error ?? summary.error;
    const retry = () => {
      if (dates.isError) void dates.refetch();
      if (summary.isError) void summary.refetch();
    };
    body = (
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h4" component="h1">
            {ledger.data.name}
          </Typography>
          {dates.data && (
            <Chip color="primary" variant="outlined" label={daysChipLabel(daysWithTransactions(dates.data))} data-testid="days-chip" />
          )}
          <ConnectionChip connected={connected} />
          <Button component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/cuentas`} variant="outlined" size="small">
            {messages.cuentasNavLink}
          </Button>
          <Button component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/socios`} variant="outlined" size="small">
            {messages.sociosNavLink}
          </Button>
          <Button component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/reportes`} variant="outlined" size="small">
            {messages.reportesNavLink}
          </Button>
        </Stack>
        {failed && <RetryAlert message={errorMessage(failed, messages.loadDatesError)} onRetry={retry} />}
        {(dates.isPending || summary.isPending) && !failed && <Loading />}
        {summary.data && <SummaryTiles summary={summary.data} />}
        {dates.data && dates.data.length === 0 && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography gutterBottom>{messages.historyEmpty}</Typography>
            {!permissions.soloLectura && (
              <Button
                component={RouterLink}
                to={`/dashboard?ledger=${encodeURIComponent(ledgerId)}&date=${todayKey()}`}
                variant="contained"
                startIcon={<AddIcon />}
              >
                {messages.historyCreateFirst}
              </Button>
            )}
          </Paper>
        )}
        {dates.data && dates.data.length > 0 && (
          <>
            <DailyProfitSection ledgerId={ledgerId} />
            {/* The market beside the day's spread (DESIGN §24): the last 30 days' BCV and parallel rates. */}
            <Suspense fallback={null}>
              <LazyRatesChart desde={addDays(todayKey(), -29)} hasta={todayKey()} />
            </Suspense>
            <RealizedProfitSection ledgerId={ledgerId} metodo={ledger.data.metodo_ganancia} />
            <Box component="section" aria-labelledby="dates-title">
              <Typography id="dates-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                {messages.historyDatesTitle}
              </Typography>
              <DatesList ledgerId={ledgerId} dates={dates.data} />
            </Box>
          </>
        )}
        {dates.data && dates.data.length > 0 && <SearchSection ledgerId={ledgerId} members={searchMembers(ledger.data)} />}
        <ImportsSection ledgerId={ledgerId} userId={user?.id} isOwner={permissions.isOwner} canWrite={!permissions.soloLectura} />
        <ActivitySection
          ledgerId={ledgerId}
          viewer={{ userId: user?.id, isOwner: permissions.isOwner, soloLectura: permissions.soloLectura }}
          metodo={ledger.data.metodo_ganancia}
          miembros={new Map(searchMembers(ledger.data).map((m) => [m.id, m.user_name || m.email]))}
        />
      </Stack>
    );
  }

  return (
    <Container component="main" maxWidth="md" sx={{ py: 3 }}>
      <OfflineStatus />
      {breadcrumb}
      {body}
    </Container>
  );
}
