import { memo, startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { Box, Chip, Paper, Typography, type Theme } from '@mui/material';
import { formatBs, formatFee, formatRate, formatUsd, messages } from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';
import { useDeleteTransaction } from '../api/delete-transaction';
import { useToggleVerify } from '../api/toggle-verify';
import type { TransactionRow } from '../api/types';
import type { LedgerPermissions } from '../lib/permissions';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EditTransactionDialog } from './EditTransactionDialog';
import { QueuedRows } from './QueuedRows';
import { useOnline } from '../../../shared/offline/offline';
import type { QueuedOp } from '../../../shared/offline/queue';
import { enqueue, isNoAnswer, mustQueue } from '../hooks/useOfflineSync';

interface Props {
  ledgerId: string;
  transactions: TransactionRow[];
  permissions: LedgerPermissions;
  onError(err: unknown, fallback: string): void;
  /** After a delete went through: the view offers "Deshacer" (docs/product.md#undo). */
  onDeleted?(tx: TransactionRow): void;
  /** This ledger's queued items (docs/product.md#working-offline): the day's new ones and every verify toggle. */
  queued?: readonly QueuedOp[];
}

/** The day's transactions, in the server's order, with their per-row and cumulative profit. */
export function TransactionList({ ledgerId, transactions, permissions, onError, onDeleted, queued = [] }: Props) {
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
      <Typography id="tx-list-title" variant="h6" component="h2" gutterBottom>
        Transacciones del día ({transactions.length})
      </Typography>
      {transactions.length === 0 && queuedRows.length === 0 && (
        <Typography color="text.secondary">No hay transacciones registradas en esta fecha.</Typography>
      )}
      <Box component="ol" sx={LIST_STYLES}>
        {transactions.slice(0, shown).map((tx, i) => (
          <Row
            key={tx.id}
            tx={tx}
            index={i}
            allowed={permissions.canChange(tx)}
            checked={clicked[tx.id] ?? queuedState(tx.id) ?? tx.esta_verificada}
            pending={queuedVerify.has(tx.id)}
            online={online}
            actions={actions}
          />
        ))}
        {/* After the last row: drawn once every row is, or it would move down as they arrive. */}
        {shown === transactions.length && <QueuedRows ops={queuedRows} startIndex={transactions.length} />}
      </Box>
      {editing && (
        <EditTransactionDialog
          ledgerId={ledgerId}
          transaction={editing}
          current={transactions.find((t) => t.id === editing.id)}
          onClose={() => setEditing(null)}
          onError={onError}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Eliminar transacción"
          text={messages.deleteTxConfirm}
          confirmLabel="Eliminar"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}

interface RowActions {
  toggle(tx: TransactionRow, esta_verificada: boolean): void;
  edit(tx: TransactionRow): void;
  remove(tx: TransactionRow): void;
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

interface RowProps {
  tx: TransactionRow;
  index: number;
  allowed: boolean;
  checked: boolean;
  /** A verify toggle of this row is queued (docs/product.md#working-offline). */
  pending: boolean;
  online: boolean;
  actions: RefObject<RowActions>;
}

const Row = memo(function Row({ tx, index: i, allowed, checked, pending, online, actions }: RowProps) {
  // Edits and deletes need the server's answer (versions, undo): offline they wait (docs/product.md#working-offline).
  const hint = online ? undefined : messages.offlineNeedsConnection;
  // Plain elements with the list's classes (LIST_STYLES): no styled component, tooltip or ripple per
  // row (docs/decisions/0019-dashboard-first-paint.md, "Lighter rows"). Same texts, names and roles.
  return (
    <li className="tx-row" data-testid="tx-row" aria-label={`Transacción ${i + 1}`}>
      {i > 0 && <hr className="tx-divider" />}
      <div className="tx-body">
        <div className="tx-figures">
          <h6 className="tx-number">#{i + 1}</h6>
          {tx.venta > 0 && (
            <p className="tx-line">
              Venta: <Figure>{formatUsd(tx.venta)}</Figure> a <Figure>{formatRate(tx.tasa_venta)}</Figure>
            </p>
          )}
          {tx.compra > 0 && (
            <p className="tx-line">
              Compra: <Figure>{formatUsd(tx.compra)}</Figure> a <Figure>{formatRate(tx.tasa_compra)}</Figure>
            </p>
          )}
          {tx.comision_usd > 0 && (
            <p className="tx-line">
              Comisión: <Figure>{formatFee(tx.comision_usd)}</Figure>
            </p>
          )}
          <p className={`tx-line tx-profit ${tx.ganancia_transaccion_usd >= 0 ? 'tx-gain' : 'tx-loss'}`}>
            Ganancia: <Figure>{formatUsd(tx.ganancia_transaccion_usd)}</Figure> · <Figure>{formatBs(tx.ganancia_transaccion_ves)}</Figure>
          </p>
          <p className="tx-line tx-secondary">
            Acumulado: <Figure>{formatUsd(tx.ganancia_acumulada_usd_hasta_esta_transaccion)}</Figure> ·{' '}
            <Figure>{formatBs(tx.ganancia_acumulada_ves_hasta_esta_transaccion)}</Figure>
          </p>
          {tx.notas && <p className="tx-line tx-notes">{tx.notas}</p>}
          <span className="tx-caption tx-secondary">Registrado por {tx.createdBy?.user_name ?? 'Usuario eliminado'}</span>
          {pending && (
            <div>
              <Chip size="small" color="warning" variant="outlined" label={messages.offlinePending} sx={{ mt: 0.5 }} />
            </div>
          )}
        </div>
        <div className="tx-actions">
          <label className="tx-verify">
            <input type="checkbox" checked={checked} disabled={!allowed} onChange={(e) => actions.current.toggle(tx, e.target.checked)} />
            <span>Verificada</span>
          </label>
          {/* The hint that was a Tooltip is the wrapper's title: on the wrapper, not the button, so
              it shows while the button is disabled too (offline). */}
          <span title={hint ?? 'Editar'}>
            <button
              type="button"
              className="tx-icon"
              aria-label={`Editar transacción ${i + 1}`}
              disabled={!allowed || !online}
              onClick={() => actions.current.edit(tx)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={EDIT_ICON} />
              </svg>
            </button>
          </span>
          <span title={hint ?? 'Eliminar'}>
            <button
              type="button"
              className="tx-icon tx-icon-error"
              aria-label={`Eliminar transacción ${i + 1}`}
              disabled={!allowed || !online}
              onClick={() => actions.current.remove(tx)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={DELETE_ICON} />
              </svg>
            </button>
          </span>
        </div>
      </div>
    </li>
  );
});

/** The paths of @mui/icons-material's Edit and Delete, drawn as plain SVG (no SvgIcon per row). */
const EDIT_ICON =
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z';
const DELETE_ICON = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z';

/**
 * The rows' look, set once on the list: one class for all rows instead of a styled component per
 * Typography, Divider, IconButton and Checkbox of each row (a 40-row day drew ~400 of them). It
 * copies what those MUI components drew from the theme: body2, subtitle2 and caption texts, the
 * divider, the icon buttons (44 px touch targets on phones, issue 22) and a focus ring.
 */
const LIST_STYLES = (theme: Theme) => ({
  listStyle: 'none',
  p: 0,
  m: 0,
  '& .tx-divider': {
    margin: theme.spacing(1.5, 0),
    flexShrink: 0,
    border: 0,
    borderBottom: `thin solid ${theme.palette.divider}`,
  },
  '& .tx-body': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1), alignItems: 'flex-start', justifyContent: 'space-between' },
  '& .tx-figures': { minWidth: 0, flex: '1 1 220px' },
  '& .tx-number': { ...theme.typography.subtitle2, margin: 0 },
  '& .tx-line': { ...theme.typography.body2, margin: 0 },
  '& .tx-caption': theme.typography.caption,
  '& .tx-secondary': { color: theme.palette.text.secondary },
  '& .tx-profit': { fontWeight: 600 },
  '& .tx-gain': { color: theme.palette.success.main },
  '& .tx-loss': { color: theme.palette.error.main },
  '& .tx-notes': { fontStyle: 'italic', overflowWrap: 'anywhere' },
  '& .tx-actions': { display: 'flex', alignItems: 'center' },
  '& .tx-verify': {
    ...theme.typography.body1,
    display: 'inline-flex',
    alignItems: 'center',
    cursor: 'pointer',
    marginRight: theme.spacing(2),
    '& input': {
      width: 18,
      height: 18,
      margin: 12,
      cursor: 'inherit',
      accentColor: theme.palette.primary.main,
    },
    '&:has(input:disabled)': { color: theme.palette.text.disabled, cursor: 'default' },
  },
  '& .tx-icon': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    padding: 8,
    margin: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    fontSize: theme.typography.pxToRem(24),
    cursor: 'pointer',
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '& svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': {
      outline: `2px solid ${theme.palette.primary.main}`,
      outlineOffset: -2,
      backgroundColor: theme.palette.action.focus,
    },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', backgroundColor: 'transparent' },
    [theme.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 },
  },
  '& .tx-icon-error:not(:disabled)': { color: theme.palette.error.main },
});
