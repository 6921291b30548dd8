import { useState } from 'react';
import { LedgerBreadcrumbs } from '../../../shared/ui/LedgerBreadcrumbs';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useParams } from 'react-router';
import {
  formatDayShort,
  formatBs,
  formatUsd,
  messages,
  padDecimals,
  parseAmount,
  RATE_DECIMALS,
  rateFarFromMarket,
  rateWarningText,
  sociosMessages,
  t,
  todayKey,
  type Ledger,
} from '@arb/shared';
import { useUndoChange } from '../../../shared/api/restore-change';
import { errorMessage } from '../../../shared/lib/api-client';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';
import { getStoredUser } from '../../../shared/lib/session';
import { OnlineConfirmDialog } from '../../../shared/ui/OnlineConfirmDialog';
import { FigureText } from '../../../shared/ui/Figure';
import { SuccessSnackbar, useSuccessMessage } from '../../../shared/ui/SuccessSnackbar';
import { UndoSnackbar } from '../../../shared/ui/UndoSnackbar';
import { ledgersQueryOptions } from '../../ledgers';
import { useParallelRateState } from '../../rates';
import { useAportesRetiros, useCerrarPeriodo, useLiquidaciones, useLiquidacionPreview } from '../api/socios';
import { CapitalInicialDialog } from '../components/CapitalInicialDialog';
import { LiquidacionView } from '../components/LiquidacionView';
import { PeriodosCerrados } from '../components/PeriodosCerrados';
import { RepartoForm } from '../components/RepartoForm';
import { useSociosRealtime } from '../hooks/use-socios-realtime';

/**
 * /ledger/:ledgerId/socios (docs/product.md#socios-y-liquidacion): whose money it is — each
 * partner's capital and its aportes/retiros, the split rule (owner), a period's settlement with the
 * transfers that settle it, closing it (owner) and the closed periods. Viewers read everything and
 * see no write button.
 */
export default function SociosPage() {
  const ledgerId = useParams().ledgerId ?? '';
  const ledger = useQuery({ ...ledgersQueryOptions(), select: (list: Ledger[]) => list.find((l) => l.id === ledgerId) ?? null });
  const user = getStoredUser();
  const isOwner = ledgerPermissions(ledger.data ?? undefined, user?.id).isOwner;
  const cerradas = useLiquidaciones(ledgerId);
  // The period the user picked; null follows the server's default (DESIGN §22), read again after a
  // close or a reopen (socios walk: a default overlapping the period just closed).
  const [elegido, setElegido] = useState<{ desde: string; hasta: string } | null>(null);
  const [tasaText, setTasaText] = useState('');
  const [asking, setAsking] = useState(false);
  const [registrando, setRegistrando] = useState(false);
  // The day of the registration just made, while "Deshacer" is offered (docs/product.md#undo, decision 0059).
  const [registrado, setRegistrado] = useState<string | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const undoChange = useUndoChange();
  const success = useSuccessMessage();
  useSociosRealtime(ledgerId);

  // The default period (DESIGN §22): the day after the last closed one (or the first aporte) to today.
  const sugerido = cerradas.data?.sugerido;
  const desde = elegido?.desde ?? sugerido?.desde ?? '';
  const hasta = elegido?.hasta ?? sugerido?.hasta ?? '';
  const capitalDesde = cerradas.data?.capitalDesde ?? null;

  const tasa = parseAmount(tasaText, RATE_DECIMALS);
  const tasaFinal = tasa.ok && tasa.value !== null ? tasa.value : '';
  // A final rate far from the parallel one is said under the field and in the closing question: a
  // closed period keeps it, and it values every partner's bolívares (docs/product.md#money; issue 36
  // walk: "405,1234" without its comma was taken silently).
  const parallel = useParallelRateState().rate;
  const far = tasaFinal !== '' && parallel !== undefined ? rateFarFromMarket(tasaFinal, parallel) : null;
  const farText = far && parallel !== undefined ? rateWarningText('final', far, parallel) : null;
  const preview = useLiquidacionPreview(ledgerId, desde, hasta, tasaFinal);
  // The capital's aportes and retiros up to `hasta`, from the first one (socios walk: a period after
  // them said "Aún no hay aportes ni retiros" although the capital came from them).
  const movimientos = useAportesRetiros(ledgerId, capitalDesde !== null && capitalDesde < desde ? capitalDesde : desde, hasta);
  const cerrar = useCerrarPeriodo(ledgerId);
  const hoy = todayKey();
  // DESIGN §28 "Existing ledgers": offered to the owner while equity has no capital behind it and nothing is closed.
  // Never once a member's aporte or retiro is dated on or before the day it would be registered:
  // the server refuses it (409 CAPITAL_YA_REGISTRADO) and the page knows before (socios walk).
  const canRegister =
    isOwner &&
    preview.data !== undefined &&
    !preview.isPlaceholderData &&
    preview.data.capital_sin_registrar_usd !== 0 &&
    cerradas.data?.liquidaciones.length === 0 &&
    (capitalDesde === null || capitalDesde > desde);
  const canClose = isOwner && preview.data !== undefined && !preview.data.cerrado && hasta <= hoy && !preview.isPlaceholderData;

  let body: React.ReactNode;
  if (ledger.isPending || cerradas.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={messages.sociosLoading} />
      </Box>
    );
  else if (cerradas.isError) body = <Alert severity="error">{errorMessage(cerradas.error, messages.sociosLoadError)}</Alert>;
  else
    body = (
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {messages.sociosPeriodoTitle}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              type="date"
              label={messages.sociosDesde}
              value={desde}
              onChange={(e) => setElegido({ desde: e.target.value, hasta })}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={messages.sociosHasta}
              value={hasta}
              onChange={(e) => setElegido({ desde, hasta: e.target.value })}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={messages.sociosTasaFinal}
              value={tasaText}
              onChange={(e) => setTasaText(e.target.value)}
              // In es-ES as it is left, as every money field ("310,5" → "310,50"; docs/product.md#money).
              onBlur={(e) => {
                const formatted = padDecimals(e.target.value, RATE_DECIMALS);
                if (formatted !== e.target.value) setTasaText(formatted);
              }}
              error={!tasa.ok}
              helperText={tasa.ok ? (farText ?? undefined) : tasa.error}
              size="small"
              fullWidth
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                formHelperText: { sx: farText && tasa.ok ? { color: 'warning.dark' } : {} },
              }}
            />
          </Stack>
        </Paper>

        {preview.isError && <Alert severity="error">{errorMessage(preview.error, messages.sociosLoadError)}</Alert>}
        {preview.isPending && preview.fetchStatus === 'fetching' && <CircularProgress size={24} aria-label={messages.sociosLoading} />}
        {preview.data && (
          <>
            {preview.data.cerrado && <Alert severity="info">{messages.sociosYaCerrado}</Alert>}
            <LiquidacionView data={preview.data} />
            {canRegister && (
              <Box>
                <Button variant="outlined" onClick={() => setRegistrando(true)}>
                  {messages.sociosCapitalInicialBoton}
                </Button>
              </Box>
            )}
            {canClose && (
              <Box>
                <Button variant="contained" color="primary" onClick={() => setAsking(true)}>
                  {messages.sociosCerrar}
                </Button>
              </Box>
            )}
          </>
        )}

        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {messages.sociosMovimientosTitle}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
            {messages.sociosCapitalHelp}
          </Typography>
          {movimientos.data && movimientos.data.length === 0 && (
            <Typography color="textSecondary" sx={{ px: 2, py: 1.5 }}>
              {messages.sociosSinMovimientos}
            </Typography>
          )}
          {movimientos.data && movimientos.data.length > 0 && (
            <List dense>
              {movimientos.data.map((m) => (
                <ListItem key={m.id}>
                  <ListItemText
                    primary={
                      <FigureText
                        text={`${m.miembro?.user_name ?? '—'} · ${m.tipo === 'aporte' ? messages.sociosAportes : messages.sociosRetiros}: ${m.moneda === 'VES' ? formatBs(m.monto) : formatUsd(m.monto)}`}
                      />
                    }
                    secondary={formatDayShort(m.fecha)}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>

        {isOwner && ledger.data && <RepartoForm ledger={ledger.data} onSaved={() => success.show(messages.sociosRepartoGuardado)} />}

        <PeriodosCerrados
          ledgerId={ledgerId}
          list={cerradas.data.liquidaciones}
          canClose={isOwner}
          onPick={(l) => {
            setElegido({ desde: l.desde, hasta: l.hasta });
            setTasaText('');
          }}
          onReopened={() => success.show(messages.sociosReabierto)}
        />
      </Stack>
    );

  return (
    <Container component="main" maxWidth="md" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
      <LedgerBreadcrumbs ledgerId={ledgerId} ledgerName={ledger.data?.name} current={messages.sociosTitle} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {messages.sociosTitle}
      </Typography>
      {body}
      {asking && preview.data && (
        <OnlineConfirmDialog
          title={t('sociosCerrarTitle', { desde: formatDayShort(preview.data.desde), hasta: formatDayShort(preview.data.hasta) })}
          text={[
            t('sociosCerrarTexto', { desde: formatDayShort(preview.data.desde), hasta: formatDayShort(preview.data.hasta) }),
            // Closing through today locks the rest of today (decision 0065).
            preview.data.hasta === hoy ? sociosMessages.cerrarIncluyeHoy : null,
            farText,
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={messages.sociosCerrar}
          busy={cerrar.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            cerrar.mutate(
              { desde: preview.data.desde, hasta: preview.data.hasta, ...(tasaFinal ? { tasa_final: tasaFinal } : {}) },
              {
                onSettled: () => setAsking(false),
                onSuccess: (r) => {
                  // The closed period stays in view ("Este período está cerrado.", "Reabrir"): the
                  // default moved past it once the list was read again, and a period the user did
                  // not pick would otherwise jump to the next one.
                  setElegido({ desde: r.liquidacion.desde, hasta: r.liquidacion.hasta });
                  success.show(messages.sociosCerrado);
                },
              },
            )
          }
        />
      )}
      {registrando && ledger.data && (
        <CapitalInicialDialog
          ledgerId={ledgerId}
          members={ledger.data.members}
          fecha={desde}
          onClose={() => setRegistrando(false)}
          onDone={(r) => {
            setRegistrando(false);
            setUndoError(null);
            setRegistrado(r.fecha);
          }}
        />
      )}
      {undoError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {undoError}
        </Alert>
      )}
      {cerrar.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(cerrar.error, messages.sociosCerrarError)}
        </Alert>
      )}
      <SuccessSnackbar message={success.message} onClose={success.clear} />
      <UndoSnackbar
        message={registrado ? messages.sociosCapitalInicialHecho : null}
        busy={undoChange.isPending}
        onClose={() => setRegistrado(null)}
        onUndo={() => {
          if (!registrado || !user) return;
          undoChange.mutate(
            { ledgerId, action: 'CAPITAL_INICIAL_REGISTRADO', fecha: registrado, userId: user.id },
            {
              onSuccess: () => success.show(sociosMessages.capitalInicialDeshecho),
              // The server's Spanish refusal: a closed period used it, or its movements changed since.
              onError: (err) => setUndoError(errorMessage(err, messages.restoreError)),
              onSettled: () => setRegistrado(null),
            },
          );
        }}
      />
    </Container>
  );
}
