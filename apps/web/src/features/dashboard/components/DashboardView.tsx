import { SuccessSnackbar } from '../../../shared/ui/SuccessSnackbar';
import { PlainControlStyles } from '../../../shared/ui/plain-controls';
import { UndoSnackbar } from '../../../shared/ui/UndoSnackbar';
import { lazy, startTransition, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { messages, periodoCerradoTexto, todayKey } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { errorMessage } from '../../../shared/lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useBalances } from '../api/get-balances';
import { positionQueryOptions } from '../api/get-position';
import type { Ledger } from '../api/types';
import type { DashboardSelection } from '../hooks/useDashboardParams';
import { useAskToday } from '../hooks/useAskToday';
import { useNotice } from '../hooks/useNotice';
import { useSettledSelection } from '../hooks/useSettledSelection';
import { useUndoOffer } from '../hooks/useUndoOffer';
import { ledgerPermissions } from '../lib/permissions';
import { nextRepeatDraft, type RepeatDraft } from '../lib/repeat-draft';
import type { TransactionRow } from '../api/types';
import { BalanceSummary } from './BalanceSummary';
import { CompactSummary } from './CompactSummary';
import { DashboardLayout } from './DashboardLayout';
import { DashboardTools } from './DashboardTools';
import type { BaseCurrency } from './BaseBalanceDialog';
import { NotTodayBanner } from './NotTodayBanner';
import { MembershipBanner } from '../../membership';
import { rateHistoryQueryOptions, rateQueryOptions } from '../../rates';
import { PositionCard } from './PositionCard';
import { ConnectionChip } from '../../../shared/ui/ConnectionChip';
import { DashboardFlash } from './DashboardFlash';
import { TransactionFormPlaceholder } from './TransactionFormPlaceholder';
import { NewTransactionForm, TransactionFormCode } from './NewTransactionForm';
import { TransactionList } from './TransactionList';
import { OfflineNotice } from './OfflineNotice';
import { OfflineStatus } from '../../../shared/offline/OfflineStatus';
import { useOnline, usePendingOps } from '../../../shared/offline/offline';
import { useAfterPaint } from '../../../shared/lib/after-paint';
import { importWhenOnline } from '../../../shared/lib/import-when-online';
import { usePreloaded } from '../../../shared/lib/preloadable';

// Opened by a tile's edit button; its schema needs zod, which the first paint does not (decision 0023).
const BaseBalanceDialog = lazy(() => import('./BaseBalanceDialog').then((m) => ({ default: m.BaseBalanceDialog })));

/**
 * The realtime connection and its chip, loaded once the day's list has painted (`later`): the
 * socket client (socket.io, 14 KB compressed) was nearly half of the dashboard's file, downloaded and
 * evaluated before the first paint although the socket opens only after it
 * (docs/decisions/0023-plain-rows.md). Until then the chip's pending space holds its place.
 */
// Asked for only when `later` draws it, and drawn in a commit of its own when it arrives: drawn at
// once with the rates and the position card (preloaded), that commit grew into the page's longest
// task (decision 0025).
const RealtimeSlot = lazy(() => importWhenOnline(() => import('./RealtimeSlot')).then((m) => ({ default: m.RealtimeSlot })));
const realtimePending = <ConnectionChip connected={false} pending />;

/**
 * The compact "Cuentas" card and the day's movements (docs/product.md#cuentas-y-movimientos): their
 * own chunk, asked for only when the day's answer names accounts or movements, and drawn once the
 * tools' stage has come (`later`), so a ledger without accounts loads nothing more and the first
 * screen keeps its weight (docs/decisions/0019-dashboard-first-paint.md, 0025).
 */
const DayCuentasCard = lazy(() => import('../../cuentas/components/DayCuentas').then((m) => ({ default: m.DayCuentasCard })));
const DayMovimientos = lazy(() => import('../../cuentas/components/DayCuentas').then((m) => ({ default: m.DayMovimientos })));

/** The form does not wait longer than this for the day's answer (a slow or hanging request). */
export const FORM_MAX_WAIT_MS = 2000;

interface Props {
  ledger: Ledger;
  date: string;
  onSelect(next: DashboardSelection): void;
}

/** The dashboard for one ledger and day; DashboardLayout places its pieces (phone: form first). */
export function DashboardView({ ledger, date, onSelect }: Props) {
  const { user } = useAuth();
  const settled = useSettledSelection(ledger.id, date);
  const balances = useBalances(settled.ledgerId, settled.date);
  const notice = useNotice();
  const undo = useUndoOffer(notice);
  const [editingBase, setEditingBase] = useState<BaseCurrency | null>(null);
  // docs/product.md#screens: asked once when the day shown is not today, unless the user just chose it (issue 25).
  const askToday = useAskToday(date);
  const permissions = ledgerPermissions(ledger, user?.id);
  // "Repetir" on a row fills the form (docs/product.md#repetir); stable, so the rows (memo) are not drawn again.
  const [repeat, setRepeat] = useState<RepeatDraft | null>(null);
  const onRepeat = useCallback((tx: TransactionRow) => setRepeat((previous) => nextRepeatDraft(previous, tx)), []);
  // A press belongs to the day it was made on: a form drawn again for another ledger must not take it.
  useEffect(() => setRepeat(null), [ledger.id]);
  // The day's figures and list are drawn from a deferred copy of the answer: React renders them in
  // a transition, in slices that leave the main thread free, instead of one long task when the
  // answer arrives (Lighthouse Total Blocking Time on /dashboard, docs/benchmarks.md).
  const data = useDeferredValue(balances.data);
  // The figures on screen belong to the settled (ledger, date); act on those.
  const shownLedgerId = settled.ledgerId ?? ledger.id;
  // Right after a day or ledger switch the previous day's figures stay on screen as a placeholder
  // (and the selection takes 100 ms to settle): editing a base or exporting must wait for the
  // chosen day's own answer, or they would act on the wrong day's figures (issue 17).
  // …and only once the deferred copy has caught up with the answer.
  const current =
    balances.isPlaceholderData || settled.ledgerId !== ledger.id || settled.date !== date || data !== balances.data ? undefined : data;
  // On a phone the day's list, the figures and the tools sit below the form (DashboardLayout).
  // They appear together once the day has loaded (or failed to): shown earlier, the figures were
  // pushed off the screen when the list arrived above them (Lighthouse CLS 0.7, docs/benchmarks.md).
  // The tools come a moment later (`later`): below the figures on phones and tablets, in their
  // own column on a desktop, so they move nothing already drawn.
  const shown = data !== undefined || balances.isError;
  // The form follows the list's first paint once its code is there (or FORM_MAX_WAIT_MS without an
  // answer); its code is asked for as soon as the list is committed.
  // Drawn once its code is there, so it never suspends: a Suspense fallback's commit would hold its
  // reveal back 300 ms and then bring it in one task with the tools (decision 0025).
  const formCode = usePreloaded(TransactionFormCode, shown);
  const [waited, setWaited] = useState(false);
  // Only while the form still waits: fired after it was drawn, the timer redrew the whole
  // dashboard for nothing (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
  const formDue = shown && formCode;
  useEffect(() => {
    if (formDue) return;
    const timer = window.setTimeout(() => startTransition(() => setWaited(true)), FORM_MAX_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [formDue]);
  const formReady = useAfterPaint(formDue || waited);
  // What the first screen does not need waits until the day's list has painted and the main
  // thread is idle: the realtime socket, the rates, the position card's answer and the tools
  // (below the list on phones and tablets). Asked earlier, their requests, answers and renders
  // ran before the list's first paint (Lighthouse LCP on /dashboard,
  // docs/decisions/0019-dashboard-first-paint.md "Later work"). Latched: true for good once true.
  // …and until the form has painted: with the form's code preloaded, both came in one idle
  // moment and one commit, the page's longest task (decision 0025).
  // Their answers are asked for in the idle moment before they are drawn: asked by the queries'
  // effects, the requests and their timers ran in the tools' commit, the page's longest task
  // (docs/decisions/0026-the-tools-task-and-a-slower-machine.md).
  const queryClient = useQueryClient();
  const later = useAfterPaint(shown && formReady, () => {
    void queryClient.prefetchQuery(rateQueryOptions('oficial'));
    void queryClient.prefetchQuery(rateQueryOptions('paralelo'));
    // A past day's form offers that day's parallel rate (use-parallel-rate.ts, decision 0066).
    if (date < todayKey()) void queryClient.prefetchQuery(rateHistoryQueryOptions(date, date));
    if (settled.ledgerId) void queryClient.prefetchQuery(positionQueryOptions(settled.ledgerId, settled.date));
  });
  // The realtime connection after the tools have painted: its code, asked for then, arrived while
  // the tools were still rendering and joined their commit (decision 0025).
  const live = useAfterPaint(later);
  const online = useOnline();
  // This ledger's queued items: the day's new ones, and toggles of the rows on screen (docs/product.md#working-offline).
  const ops = usePendingOps();
  const dayIds = new Set(data?.transacciones_con_acumulados.map((tx) => tx.id));
  // docs/decisions/0066: a day inside a closed period (liquidación) takes no change; its writes are
  // disabled and say why, with the 409's own text. The rows and tiles shown follow `data`; the form,
  // which writes into `date`, waits for that day's own answer (`current`). The server's 409 stays the authority.
  const closedOf = (b: typeof data) => (b?.cerrado ? periodoCerradoTexto(b.cerrado.desde, b.cerrado.hasta) : undefined);
  const closedShown = closedOf(data);
  const closedForm = closedOf(current);
  const queued = ops.filter(
    (op) => op.ledgerId === shownLedgerId && (op.kind === 'create' ? op.input.fecha === (settled.date ?? date) : dayIds.has(op.id)),
  );

  return (
    <Box component="main" sx={{ maxWidth: 1280, mx: 'auto', p: { xs: 1.5, sm: 2, md: 3 } }}>
      {/* The rows', the tiles' and the tools' plain controls and hints: once, with the day's list. */}
      {shown && <PlainControlStyles />}
      <Stack spacing={2}>
        {live ? (
          <Suspense fallback={realtimePending}>
            <RealtimeSlot ledgerId={ledger.id} ledgerName={ledger.name} fecha={settled.date} />
          </Suspense>
        ) : (
          realtimePending
        )}
        <OfflineStatus at={data?.leidoEn} sx={{}} />
        <DashboardFlash />
        <MembershipBanner />
        {askToday.ask && (
          <NotTodayBanner
            date={date}
            onCreateToday={() => {
              askToday.dismiss();
              onSelect({ date: todayKey() });
            }}
            onKeep={askToday.dismiss}
          />
        )}
        {closedShown && <Alert severity="info">{closedShown}</Alert>}
        {notice.notice?.severity === 'error' && (
          <Alert severity="error" onClose={notice.clear}>
            {notice.notice.text}
          </Alert>
        )}
        <DashboardLayout
          compactSummary={<CompactSummary balances={data} fecha={settled.date ?? date} />}
          figures={
            shown && (
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                {balances.isError && !data && <Alert severity="error">{errorMessage(balances.error, messages.txLoadError)}</Alert>}
                <OfflineNotice pending={queued.length} />
                {data && (
                  <BalanceSummary
                    balances={data}
                    canEditBase={permissions.canModifyBalance && current !== undefined}
                    onEditBase={setEditingBase}
                    offline={!online}
                    closedReason={closedShown}
                  />
                )}
                <PositionCard ledgerId={settled.ledgerId} fecha={settled.date} enabled={later} />
                {later && data?.cuentas && data.cuentas.length > 0 && (
                  <Suspense fallback={null}>
                    <DayCuentasCard
                      ledgerId={shownLedgerId}
                      fecha={settled.date ?? date}
                      cuentas={data.cuentas}
                      sinAsignar={data.sin_asignar}
                    />
                  </Suspense>
                )}
              </Stack>
            )
          }
          form={
            // A viewer member ("Solo lectura", docs/product.md "Permissions") gets a plain line
            // instead of the form: nothing to load, so the first screen stays as light (decision 0019).
            permissions.soloLectura ? (
              <Alert severity="info">{messages.soloLecturaNotice}</Alert>
            ) : formReady ? (
              <NewTransactionForm
                ledgerId={ledger.id}
                fecha={date}
                onError={notice.error}
                askRate={later}
                repeat={repeat}
                closedReason={closedForm}
              />
            ) : (
              <TransactionFormPlaceholder />
            )
          }
          dayList={
            !data ? (
              !balances.isError && (
                <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
                  <CircularProgress aria-label="Cargando transacciones" />
                </Box>
              )
            ) : (
              <>
                <TransactionList
                  ledgerId={shownLedgerId}
                  transactions={data.transacciones_con_acumulados}
                  queued={queued}
                  cuentas={data.cuentas}
                  closedReason={closedShown}
                  permissions={permissions}
                  onError={notice.error}
                  {...(permissions.canWrite ? { onRepeat } : {})}
                  onDeleted={(tx) =>
                    undo.offer({
                      text: messages.txDeleteSuccess,
                      target: { ledgerId: shownLedgerId, action: 'TRANSACTION_DELETED', entityId: tx.id },
                    })
                  }
                />
                {later && data.movimientos && data.movimientos.length > 0 && (
                  <Box sx={{ mt: 2 }}>
                    <Suspense fallback={null}>
                      <DayMovimientos movimientos={data.movimientos} cuentas={data.cuentas ?? []} />
                    </Suspense>
                  </Box>
                )}
              </>
            )
          }
          tools={
            shown &&
            later && (
              <DashboardTools
                ledger={ledger}
                fecha={settled.date}
                date={date}
                transactionCount={current?.transacciones_con_acumulados.length ?? 0}
                ready={current !== undefined}
                isOwner={permissions.isOwner}
                canWrite={permissions.canWrite}
                online={online}
                notice={notice}
                onSelect={onSelect}
                offerUndo={undo.offer}
              />
            )
          }
        />
      </Stack>
      {editingBase && current && (
        <Suspense fallback={null}>
          <BaseBalanceDialog
            currency={editingBase}
            ledgerId={shownLedgerId}
            fecha={settled.date}
            base={current.saldos_base}
            onClose={() => setEditingBase(null)}
            onSaved={() => {
              setEditingBase(null);
              notice.success(messages.baseBalanceSuccess);
            }}
            onError={notice.error}
          />
        </Suspense>
      )}
      <SuccessSnackbar message={notice.notice?.severity === 'success' ? notice.notice : null} onClose={notice.clear} />
      <UndoSnackbar message={undo.text} busy={undo.busy} onUndo={undo.undo} onClose={undo.dismiss} />
    </Box>
  );
}
