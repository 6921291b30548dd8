import { useState } from 'react';
import { LedgerBreadcrumbs } from '../../../shared/ui/LedgerBreadcrumbs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useParams, useSearchParams } from 'react-router';
import { messages, t, todayKey, type CuentaSaldoJson, type Ledger, type MovimientoJson, type TipoMovimiento } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';
import { getStoredUser } from '../../../shared/lib/session';
import { ledgersQueryOptions } from '../../ledgers';
import { cuentasKeys, useCuentas, useDeleteMovimiento, useUpdateCuenta } from '../api/cuentas';
import { ConnectionChip, useLedgerRealtime } from '../../realtime';
import { useUndoChange } from '../../../shared/api/restore-change';
import { OnlineConfirmDialog } from '../../../shared/ui/OnlineConfirmDialog';
import { useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { SuccessSnackbar, messageWithId } from '../../../shared/ui/SuccessSnackbar';
import { UndoSnackbar } from '../../../shared/ui/UndoSnackbar';
import { CuadreDialog } from '../components/CuadreDialog';
import { CuentasList } from '../components/CuentasList';
import { MovimientoDialog, type MovimientoDraft } from '../components/MovimientoDialog';
import { MovimientosList } from '../components/MovimientosList';
import { NuevaCuentaDialog } from '../components/NuevaCuentaDialog';

type Abierto =
  | { kind: 'cuenta'; cuenta?: CuentaSaldoJson }
  | { kind: 'movimiento'; tipo: TipoMovimiento; draft?: MovimientoDraft; movimiento?: MovimientoJson }
  | { kind: 'cuadre'; cuenta: CuentaSaldoJson }
  | { kind: 'archivar'; cuenta: CuentaSaldoJson }
  | { kind: 'eliminar'; movimiento: MovimientoJson }
  | null;

const MOVIMIENTOS: ReadonlyArray<[TipoMovimiento, string]> = [
  ['transferencia', messages.movNuevaTransferencia],
  ['aporte', messages.movNuevoAporte],
  ['retiro', messages.movNuevoRetiro],
  ['ajuste', messages.movNuevoAjuste],
];

/**
 * /ledger/:ledgerId/cuentas (docs/product.md#cuentas-y-movimientos): where the money is — the
 * accounts by holder with their balances and cuadres, Sin asignar, the month's movements, and
 * (with the balance permission) the forms that move it.
 */
export default function CuentasPage() {
  const ledgerId = useParams().ledgerId ?? '';
  const ledger = useQuery({ ...ledgersQueryOptions(), select: (list: Ledger[]) => list.find((l) => l.id === ledgerId) ?? null });
  const hoy = todayKey();
  // The day whose closing balances are shown, and the cuadre's day (docs/product.md#cuadre): today unless chosen.
  const [fecha, setFecha] = useState(hoy);
  const cuentas = useCuentas(ledgerId, fecha === hoy ? undefined : fecha);
  // The movements' account filter lives in the address (?cuenta=id): shareable, and each choice is
  // a history entry, so "back" returns to the previous one (docs/product.md#cuentas-y-movimientos).
  const [params, setParams] = useSearchParams();
  const cuentaFiltro = params.get('cuenta') ?? '';
  const filtrar = (cuentaId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (cuentaId) next.set('cuenta', cuentaId);
      else next.delete('cuenta');
      return next;
    });
  const user = getStoredUser();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const canWrite = ledgerPermissions(ledger.data ?? undefined, user?.id).canManageCuentas;
  const members = ledger.data?.members ?? [];
  const close = () => setAbierto(null);
  const queryClient = useQueryClient();
  // Live: any change of the ledger (a sale into an account, a movement, a cuadre, another member's
  // edit) reloads the balances and movements on screen; events sent while disconnected are made up
  // for on reconnection (docs/product.md#cuentas-y-movimientos, the realtime `balance-updated`).
  const reload = () => void queryClient.invalidateQueries({ queryKey: cuentasKeys.all(ledgerId) });
  const realtime = useLedgerRealtime({ ledgerId, onChange: reload, onReconnect: reload });
  const updateCuenta = useUpdateCuenta(ledgerId);
  const deleteMov = useDeleteMovimiento(ledgerId);
  const undoChange = useUndoChange();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; id: number } | null>(null);
  const [undoOffer, setUndoOffer] = useState<MovimientoJson | null>(null);
  // Offline every write here waits for the connection and says so (docs/product.md#working-offline).
  const offline = useNeedsConnection();

  const archivar = (cuenta: CuentaSaldoJson, archivada: boolean) => {
    if (offline.reason) return setFailure(offline.reason);
    setFailure(null);
    updateCuenta.mutate(
      { cuentaId: cuenta.id, input: { archivada, version: cuenta.version } },
      {
        onSuccess: () => setDone(messageWithId(archivada ? messages.cuentaArchivada : messages.cuentaActualizada)),
        // The server's Spanish refusal (DESIGN §28): "Transfiere el saldo antes de archivar", flows dated later, a duplicate name…
        onError: (err) => setFailure(errorMessage(err, messages.cuentaUpdateError)),
        onSettled: close,
      },
    );
  };
  const eliminar = (m: MovimientoJson) => {
    setFailure(null);
    deleteMov.mutate(m.id, {
      onSuccess: () => setUndoOffer(m),
      onError: (err) => setFailure(errorMessage(err, messages.movDeleteError)),
      onSettled: close,
    });
  };
  const deshacer = () => {
    if (!undoOffer || !user) return;
    if (offline.reason) return setFailure(offline.reason);
    undoChange.mutate(
      { ledgerId, action: 'MOVEMENT_DELETED', entityId: undoOffer.id, userId: user.id },
      {
        onSuccess: () => setDone(messageWithId(messages.restoreSuccess)),
        onError: (err) => setFailure(errorMessage(err, messages.restoreError)),
        onSettled: () => setUndoOffer(null),
      },
    );
  };

  let body: React.ReactNode;
  if (cuentas.isPending || ledger.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={messages.cuentasLoading} />
      </Box>
    );
  // A failed read says what failed (not the generic "al procesar la solicitud" of a dropped
  // connection) and offers "Reintentar"; the socket's reconnection also reloads it.
  else if (cuentas.isError)
    body = (
      <RetryAlert
        message={errorMessage(cuentas.error, messages.cuentasLoadError, messages.cuentasLoadError)}
        onRetry={() => void cuentas.refetch()}
        retrying={cuentas.isFetching}
      />
    );
  else {
    const data = cuentas.data;
    const sinAsignarVacio = data.sin_asignar.ves === 0 && data.sin_asignar.usd === 0;
    body = (
      <Stack spacing={2}>
        {data.cuentas.length === 0 && (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography>{messages.cuentasEmpty}</Typography>
          </Paper>
        )}
        {(data.cuentas.length > 0 || !sinAsignarVacio) && (
          <CuentasList
            data={data}
            canWrite={canWrite}
            onCuadrar={(cuenta) => setAbierto({ kind: 'cuadre', cuenta })}
            onEditar={(cuenta) => setAbierto({ kind: 'cuenta', cuenta })}
            onArchivar={(cuenta, archivada) => (archivada ? setAbierto({ kind: 'archivar', cuenta }) : archivar(cuenta, false))}
          />
        )}
        <MovimientosList
          ledgerId={ledgerId}
          desde={`${fecha.slice(0, 8)}01`}
          hasta={fecha}
          cuentas={data.cuentas}
          cuentaId={cuentaFiltro}
          onCuentaChange={filtrar}
          {...(canWrite
            ? {
                onEditar: (movimiento: MovimientoJson) => setAbierto({ kind: 'movimiento', tipo: movimiento.tipo, movimiento }),
                onEliminar: (movimiento: MovimientoJson) => setAbierto({ kind: 'eliminar', movimiento }),
              }
            : {})}
        />
      </Stack>
    );
  }

  return (
    <Container component="main" maxWidth="md" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
      <LedgerBreadcrumbs ledgerId={ledgerId} ledgerName={ledger.data?.name} current={messages.cuentasTitle} />
      <Stack direction="row" sx={{ mb: 2, gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {messages.cuentasTitle}
        </Typography>
        <TextField
          label={messages.cuentasFecha}
          type="date"
          size="small"
          value={fecha}
          onChange={(e) => {
            // A cleared or half-typed date keeps the last whole one; so does a day after today, as
            // the dashboard's date does (decision 0035): this is also the cuadre's day, and the
            // server refuses a cuadre dated later than tomorrow (entryDayKeySchema).
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && e.target.value <= hoy) setFecha(e.target.value);
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: hoy, 'data-testid': 'cuentas-fecha' } }}
        />
      </Stack>
      <Box sx={{ mt: -1, mb: 2 }}>
        <ConnectionChip connected={realtime.connected} pending={realtime.pending} />
      </Box>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {canWrite && cuentas.isSuccess && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAbierto({ kind: 'cuenta' })}>
            {messages.cuentaNueva}
          </Button>
          {MOVIMIENTOS.map(([tipo, label]) => (
            <Button key={tipo} variant="outlined" onClick={() => setAbierto({ kind: 'movimiento', tipo })}>
              {label}
            </Button>
          ))}
        </Stack>
      )}
      {body}
      {abierto?.kind === 'cuenta' && (
        <NuevaCuentaDialog ledgerId={ledgerId} members={members} userId={user?.id} cuenta={abierto.cuenta} onClose={close} />
      )}
      {abierto?.kind === 'archivar' && (
        <OnlineConfirmDialog
          title={t('cuentaArchivarTitle', { cuenta: abierto.cuenta.nombre })}
          text={messages.cuentaArchivarConfirm}
          confirmLabel={messages.cuentaArchivarAction}
          busy={updateCuenta.isPending}
          onConfirm={() => archivar(abierto.cuenta, true)}
          onCancel={close}
        />
      )}
      {abierto?.kind === 'eliminar' && (
        <OnlineConfirmDialog
          title={messages.movEliminarTitle}
          text={messages.movEliminarConfirm}
          confirmLabel={messages.movEliminarAction}
          busy={deleteMov.isPending}
          onConfirm={() => eliminar(abierto.movimiento)}
          onCancel={close}
        />
      )}
      {abierto?.kind === 'movimiento' && (
        <MovimientoDialog
          ledgerId={ledgerId}
          tipo={abierto.tipo}
          cuentas={cuentas.data?.cuentas ?? []}
          members={members}
          userId={user?.id}
          {...(abierto.draft ? { draft: abierto.draft } : {})}
          movimiento={abierto.movimiento}
          onClose={close}
        />
      )}
      {abierto?.kind === 'cuadre' && (
        <CuadreDialog
          ledgerId={ledgerId}
          cuenta={abierto.cuenta}
          fecha={cuentas.data?.fecha ?? fecha}
          onClose={close}
          onAjuste={(draft) => setAbierto({ kind: 'movimiento', tipo: 'ajuste', draft })}
        />
      )}
      <SuccessSnackbar message={done} onClose={() => setDone(null)} />
      <UndoSnackbar
        message={undoOffer ? messages.movEliminado : null}
        busy={undoChange.isPending}
        onUndo={deshacer}
        onClose={() => setUndoOffer(null)}
      />
    </Container>
  );
}
