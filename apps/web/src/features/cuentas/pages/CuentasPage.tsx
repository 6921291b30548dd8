import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Breadcrumbs, Button, CircularProgress, Container, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useParams } from 'react-router';
import { messages, todayKey, type CuentaSaldoJson, type Ledger, type TipoMovimiento } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';
import { getStoredUser } from '../../../shared/lib/session';
import { ledgersQueryOptions } from '../../ledgers';
import { useCuentas } from '../api/cuentas';
import { CuadreDialog } from '../components/CuadreDialog';
import { CuentasList } from '../components/CuentasList';
import { MovimientoDialog, type MovimientoDraft } from '../components/MovimientoDialog';
import { MovimientosList } from '../components/MovimientosList';
import { NuevaCuentaDialog } from '../components/NuevaCuentaDialog';

type Abierto =
  | { kind: 'cuenta' }
  | { kind: 'movimiento'; tipo: TipoMovimiento; draft?: MovimientoDraft }
  | { kind: 'cuadre'; cuenta: CuentaSaldoJson }
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
  const cuentas = useCuentas(ledgerId);
  const user = getStoredUser();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const canWrite = ledgerPermissions(ledger.data ?? undefined, user?.id).canManageCuentas;
  const members = ledger.data?.members ?? [];
  const hoy = todayKey();
  const close = () => setAbierto(null);

  let body: React.ReactNode;
  if (cuentas.isPending || ledger.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={messages.cuentasLoading} />
      </Box>
    );
  else if (cuentas.isError) body = <Alert severity="error">{errorMessage(cuentas.error, messages.cuentasLoadError)}</Alert>;
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
          <CuentasList data={data} canWrite={canWrite} onCuadrar={(cuenta) => setAbierto({ kind: 'cuadre', cuenta })} />
        )}
        <MovimientosList ledgerId={ledgerId} desde={`${hoy.slice(0, 8)}01`} hasta={hoy} cuentas={data.cuentas} />
      </Stack>
    );
  }

  return (
    <Container component="main" maxWidth="md" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/history`} underline="hover" color="inherit">
          {ledger.data?.name ?? messages.historyTitle}
        </Link>
        <Typography color="textPrimary" aria-current="page">
          {messages.cuentasTitle}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {messages.cuentasTitle}
      </Typography>
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
      {abierto?.kind === 'cuenta' && <NuevaCuentaDialog ledgerId={ledgerId} members={members} userId={user?.id} onClose={close} />}
      {abierto?.kind === 'movimiento' && (
        <MovimientoDialog
          ledgerId={ledgerId}
          tipo={abierto.tipo}
          cuentas={cuentas.data?.cuentas ?? []}
          members={members}
          userId={user?.id}
          {...(abierto.draft ? { draft: abierto.draft } : {})}
          onClose={close}
        />
      )}
      {abierto?.kind === 'cuadre' && (
        <CuadreDialog
          ledgerId={ledgerId}
          cuenta={abierto.cuenta}
          fecha={cuentas.data?.fecha ?? hoy}
          onClose={close}
          onAjuste={(draft) => setAbierto({ kind: 'movimiento', tipo: 'ajuste', draft })}
        />
      )}
    </Container>
  );
}
