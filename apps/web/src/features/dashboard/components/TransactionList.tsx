import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { messages, t, UNDO_WINDOWS } from '@arb/shared';
import { useDeleteTransaction } from '../api/delete-transaction';
import { useToggleVerify } from '../api/toggle-verify';
import type { TransactionRow } from '../api/types';
import type { LedgerPermissions } from '../lib/permissions';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueuedRows } from './QueuedRows';
import { useOnline } from '../../../shared/offline/offline';
import type { QueuedOp } from '../../../shared/offline/queue';
import { enqueue, isNoAnswer, mustQueue } from '../hooks/useOfflineSync';
import { DayRow, DayRowStyles, type RowActions } from './DayRow';
import type { CuentaOption } from '../../../shared/lib/cuenta-choice';
import { rowCuentasText } from '../../../shared/lib/cuenta-names';

// Loaded when a row's "Editar" is pressed: its fields need react-hook-form, which the day's first
// paint does not (docs/decisions/0019-dashboard-first-paint.md "The form after the day's list").
const EditTransactionDialog = lazy(() => import('./EditTransactionDialog').then((m) => ({ default: m.EditTransactionDialog })));

interface Props {
  ledgerId: string;
  transactions: TransactionRow[];
  permissions: LedgerPermissions;
  onError(err: unknown, fallback: string): void;
  /** After a delete went through: the view offers "Deshacer" (docs/product.md#undo). */
  onDeleted?(tx: TransactionRow): void;
  /** "Repetir" on each row (docs/product.md#repetir); left out for a viewer member, who sees no such button. */
  onRepeat?(tx: TransactionRow): void;
  /** This ledger's queued items (docs/product.md#working-offline): the day's new ones and every verify toggle. */
  queued?: readonly QueuedOp[];
  /** The ledger's accounts as the day's answer lists them (docs/product.md#cuentas-y-movimientos); absent: it has none. */
  cuentas?: readonly CuentaOption[] | undefined;
  /** The day lies in a closed period: the rows' writes are disabled and say this (docs/decisions/0066). */
  closedReason?: string | undefined;
}

/** The day's transactions, in the server's order, with their per-row and cumulative profit. */
export function TransactionList({
  ledgerId,
  transactions,
  permissions,
  onError,
  onDeleted,
  queued = [],
  onRepeat,
  cuentas,
  closedReason,
}: Props) {
  // Rows name their accounts; a ledger without accounts draws its rows as before.
  const cuentaNames = useMemo(() => (cuentas && cuentas.length > 0 ? new Map(cuentas.map((c) => [c.id, c.nombre])) : undefined), [cuentas]);
  const [editing, setEditing] = useState<TransactionRow | null>(null);
  const [deleting, setDeleting] = useState<TransactionRow | null>(null);
  const toggle = useToggleVerify();
  const remove = useDeleteTransaction();
  // What the user just clicked, shown in the same frame as the click: the cache's optimistic
  // update lands only after the day's queries are cancelled, and a slow device showed the old
  // state in between. Cleared once the server has answered and the day reloaded.
  const [clicked, setClicked] = useState<Record<string, boolean>>({});
  const forget = (id: string) =>
    setClicked((c) => {
      const { [id]: _gone, ...rest } = c;
      return rest;
    });

  const online = useOnline();
  // The last queued toggle of each row: its new state shows at once, marked pending (docs/product.md#working-offline).
  const queuedVerify = new Map<string, QueuedOp>();
  for (const op of queued) if (op.kind === 'verify' && op.status === 'pending') queuedVerify.set(op.id, op);
  const queuedState = (id: string) => {
    const op = queuedVerify.get(id);
    return op?.kind === 'verify' ? op.esta_verificada : undefined;
  };
  const queuedRows = queued.filter((op) => op.kind === 'create' || op.status === 'failed');
  const toggleRow = (tx: TransactionRow, esta_verificada: boolean) => {
    const body = { kind: 'verify' as const, ledgerId, id: tx.id, esta_verificada };
    if (mustQueue()) return void enqueue(body).catch((err: unknown) => onError(err, messages.txVerifyError));
    setClicked((c) => ({ ...c, [tx.id]: esta_verificada }));
    toggle.mutate(
      { ledgerId, id: tx.id, esta_verificada },
      {
        onError: (err) =>
          isNoAnswer(err)
            ? void enqueue(body).catch((e: unknown) => onError(e, messages.txVerifyError))
            : onError(err, messages.txVerifyError),
        onSettled: () => forget(tx.id),
      },
    );
  };
  // The rows call the latest handlers through one stable object, so a row whose own props did not
  // change is not drawn again (memo) when more rows arrive or another row is toggled.
  const actions = useRef<RowActions>({ toggle: toggleRow, edit: setEditing, remove: setDeleting });
  useEffect(() => {
    actions.current.toggle = toggleRow;
    actions.current.repeat = onRepeat;
  });
  const shown = useProgressiveCount(transactions.length);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ ledgerId, id: deleting.id });
      onDeleted?.(deleting);
    } catch (err) {
      onError(err, messages.txDeleteError);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Paper component="section" aria-labelledby="tx-list-title" sx={{ p: 2 }}>
      <DayRowStyles />
      <Typography id="tx-list-title" variant="h6" component="h2" gutterBottom>
        Transacciones del día ({transactions.length})
      </Typography>
      {transactions.length === 0 && queuedRows.length === 0 && (
        <Typography color="textSecondary">No hay transacciones registradas en esta fecha.</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {transactions.slice(0, shown).map((tx, i) => (
          <DayRow
            key={tx.id}
            tx={tx}
            index={i}
            repeatable={onRepeat !== undefined && permissions.canWrite}
            allowed={permissions.canChange(tx)}
            checked={clicked[tx.id] ?? queuedState(tx.id) ?? tx.esta_verificada}
            pending={queuedVerify.has(tx.id)}
            online={online}
            actions={actions}
            cuentas={cuentaNames && rowCuentasText(tx, cuentaNames)}
            closedReason={closedReason}
          />
        ))}
        {/* After the last row: drawn once every row is, or it would move down as they arrive. */}
        {shown === transactions.length && <QueuedRows ops={queuedRows} startIndex={transactions.length} cuentaNames={cuentaNames} />}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <EditTransactionDialog
            ledgerId={ledgerId}
            transaction={editing}
            current={transactions.find((t) => t.id === editing.id)}
            cuentas={cuentas}
            onClose={() => setEditing(null)}
            onError={onError}
          />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title="Eliminar transacción"
          text={t('deleteTxConfirm', UNDO_WINDOWS)}
          confirmLabel="Eliminar"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}

/**
 * Rows in the first commit of a list, and added per step after it. A day of 40 rows was one commit
 * of ~1,500 DOM nodes, the dashboard's longest task; the first rows paint with the rest of the
 * screen and the others follow a few at a time, each step after a frame has painted, in a
 * transition (Lighthouse LCP and TBT, docs/decisions/0019-dashboard-first-paint.md). On a phone the
 * list starts at the bottom of the first screen, so the first step fills more than what is seen.
 */
export const ROWS_PER_STEP = 8;

/**
 * Rows in the list's first commit, fewer than a step: on a phone only the list's title fits the
 * first screen (Lighthouse's LCP element), and each row drawn before it paints lengthens the
 * dashboard's first long task and its LCP (docs/decisions/0019-dashboard-first-paint.md "Lighter
 * rows, shorter tasks"). On a desktop the next step follows one frame later.
 */
export const FIRST_ROWS = 3;

/** How many of `total` rows to draw: FIRST_ROWS at first, then ROWS_PER_STEP more after each painted frame. */
function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) return;
    let timer: number | undefined;
    const grow = () => {
      // After the frame is painted (a timer queued from requestAnimationFrame), not before it.
      timer = window.setTimeout(() => startTransition(() => setLimit((n) => n + ROWS_PER_STEP)), 0);
    };
    const frame = typeof window.requestAnimationFrame === 'function' ? window.requestAnimationFrame(grow) : undefined;
    if (frame === undefined) grow();
    return () => {
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [limit, total]);
  return Math.min(limit, total);
}
