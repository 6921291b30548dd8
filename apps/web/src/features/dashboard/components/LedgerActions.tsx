import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatDayLong, messages, t, UNDO_WINDOWS } from '@arb/shared';
import { exportDaily, saveFile } from '../api/export-daily';
import { useQueryClient } from '@tanstack/react-query';
import { useResetLedgerDay } from '../../ledgers';
import { useUsesCuentas } from '../api/day-cuentas';
import { balancesQueryKey } from '../api/get-balances';
import { ledgersQueryKey } from '../api/get-ledgers';
import { api } from '../../../shared/lib/api-client';
import type { Ledger } from '../api/types';
import type { NoticeApi } from '../hooks/useNotice';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { HoverHint } from '../../../shared/ui/plain-controls';

// Loaded when opened: the import dialog is not part of the dashboard's first load (docs/benchmarks.md).
const ImportBinanceDialog = lazy(() => import('../../imports').then((m) => ({ default: m.ImportBinanceDialog })));

interface Props {
  ledger: Ledger | undefined;
  fecha: string | undefined;
  transactionCount: number;
  /** false while the figures on screen are another day's placeholder: the export waits for the day's own. */
  ready?: boolean;
  isOwner: boolean;
  /** false for a viewer member ("Solo lectura", docs/product.md "Permissions"): no import button. */
  canWrite?: boolean;
  notice: Pick<NoticeApi, 'success' | 'error' | 'fail'>;
  /** After a reset went through: the view offers "Deshacer" instead of the plain success (docs/product.md#undo). */
  onReset?(fecha: string): void;
  /** Imports and resets need the server (docs/product.md#working-offline): offline their buttons say 'Requiere conexión'. */
  online?: boolean;
}

/**
 * Offline, why a button is disabled ('Requiere conexión'), as the day's rows say it (HoverHint:
 * on hover, on a tap, and to screen readers as the button's description);
 * online, nothing around it. MUI's Tooltip, used here before, set its state from its ref while
 * React committed the tools even with an empty title: a synchronous re-render, which brought the
 * commit's passive effects (the tools' requests and timers) into the same task, the dashboard's
 * longest (docs/decisions/0026-the-tools-task-and-a-slower-machine.md).
 */
function OfflineReason({ online, children }: { online: boolean; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  if (online) return children;
  return (
    <HoverHint text={messages.offlineNeedsConnection} block reason>
      {children}
    </HoverHint>
  );
}

/**
 * The reset question in a ledger with accounts or movements: there the server also deletes the
 * day's movements and returns both bases to inherited instead of 0 (docs/product.md "Resets",
 * decision 0064). The dashboard's only use of it, so it stays here, not in the shared messages.
 */
const resetConfirmCuentas = (date: string) =>
  `Se eliminarán todas las transacciones y los movimientos del ${date}, y los saldos base de ese día volverán a ser los heredados del día anterior. Podrás deshacerlo con «Deshacer» durante ${UNDO_WINDOWS.segundos} segundos, o restaurarlo desde «Actividad» en el historial del registro durante ${UNDO_WINDOWS.dias} días.`;

/** Historial, Exportar Excel and (for the owner) Restablecer. */
export function LedgerActions({
  ledger,
  fecha,
  transactionCount,
  ready = true,
  isOwner,
  canWrite = true,
  notice,
  onReset,
  online = true,
}: Props) {
  const [exporting, setExporting] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [importing, setImporting] = useState(false);
  const reset = useResetLedgerDay();
  const usesCuentas = useUsesCuentas(ledger?.id ?? '', fecha ?? '');
  const queryClient = useQueryClient();

  const exportExcel = async () => {
    // docs/product.md#money checks, before asking the server.
    if (!ledger || !fecha) return notice.fail(messages.exportNoSelection);
    if (transactionCount === 0) return notice.fail(messages.exportNoTransactions);
    setExporting(true);
    try {
      saveFile(await exportDaily(ledger.id, fecha, ledger.name));
      notice.success(messages.exportSuccess);
    } catch (err) {
      notice.error(err, messages.exportError);
    } finally {
      setExporting(false);
    }
  };

  const doReset = async () => {
    if (!ledger || !fecha) return;
    try {
      await reset.mutateAsync({ ledgerId: ledger.id, fecha });
      // Carry-forward: the reset day and every later one change.
      await queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledger.id) });
      if (onReset) onReset(fecha);
      else notice.success(messages.ledgerResetSuccess);
    } catch (err) {
      notice.error(err, messages.resetLedgerError);
    } finally {
      setConfirmReset(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<HistoryIcon />}
        component={RouterLink}
        to={ledger ? `/ledger/${ledger.id}/history` : '/history'}
        fullWidth
      >
        Historial
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportExcel()} disabled={exporting || !ready} fullWidth>
        {exporting ? 'Exportando...' : 'Exportar Excel'}
      </Button>
      {ledger && canWrite && (
        <OfflineReason online={online}>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} disabled={!online} fullWidth>
            {messages.importButton}
          </Button>
        </OfflineReason>
      )}
      {importing && ledger && (
        <Suspense fallback={null}>
          <ImportBinanceDialog
            ledgerId={ledger.id}
            metodoGanancia={(ledger as { metodo_ganancia?: string }).metodo_ganancia}
            isOwner={isOwner}
            onSwitchToAverage={async () => {
              // docs/product.md#profit-method-and-position: PUT /api/ledgers/:id/settings (owner only); only when the owner asks.
              await api(`/api/ledgers/${ledger.id}/settings`, messages.requestError, {
                method: 'PUT',
                body: { metodo_ganancia: 'costo_promedio' },
              });
              await queryClient.invalidateQueries({ queryKey: ledgersQueryKey });
            }}
            onImported={() => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledger.id) })}
            onClose={() => setImporting(false)}
            onDone={(message) => {
              setImporting(false);
              notice.success(message);
            }}
          />
        </Suspense>
      )}
      {isOwner && (
        <OfflineReason online={online}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<RestartAltIcon />}
            onClick={() => setConfirmReset(true)}
            disabled={!online}
            fullWidth
          >
            Restablecer
          </Button>
        </OfflineReason>
      )}
      {confirmReset && fecha && (
        <ConfirmDialog
          title="Restablecer registro"
          text={
            usesCuentas ? resetConfirmCuentas(formatDayLong(fecha)) : t('resetConfirm', { date: formatDayLong(fecha), ...UNDO_WINDOWS })
          }
          confirmLabel="Restablecer"
          busy={reset.isPending}
          onConfirm={() => void doReset()}
          onCancel={() => setConfirmReset(false)}
        />
      )}
    </Box>
  );
}
