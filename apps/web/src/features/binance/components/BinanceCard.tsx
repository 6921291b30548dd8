import { Alert, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime, messages, t, type BinanceEstado, type BinanceLinkStatus } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useBinanceLink, useSyncBinance, useUnlinkBinance } from '../api/binance-link';
import { useBinanceLive } from '../hooks/use-binance-live';
import { BinanceLinkForm } from './BinanceLinkForm';

const ESTADO_LABEL: Record<BinanceEstado, string> = {
  activa: messages.binanceEstadoActiva,
  rechazada: messages.binanceEstadoRechazada,
  sin_permiso: messages.binanceEstadoSinPermiso,
};

type Props = { onDone: (message: string) => void; onError: (message: string) => void };

/** docs/product.md#binance-sync: the "Binance" card of /membership — steps, the form, status, last result, sync, disconnect. */
export function BinanceCard({ onDone, onError }: Props) {
  const link = useBinanceLink();
  return (
    <Paper component="section" elevation={1} aria-labelledby="binance-card-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="binance-card-title" variant="h6" component="h2" gutterBottom>
        {messages.binanceCardTitle}
      </Typography>
      {link.isPending && <CircularProgress size={24} aria-label={messages.binanceCardTitle} />}
      {link.isError && <Alert severity="error">{errorMessage(link.error, messages.binanceUnavailable)}</Alert>}
      {link.data && !link.data.conectado && (
        <>
          <Typography sx={{ mb: 1 }}>{messages.binanceCardIntro}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {messages.binanceSteps}
          </Typography>
          <BinanceLinkForm onDone={onDone} onError={onError} />
        </>
      )}
      {link.data?.conectado && <LinkedStatus status={link.data} onDone={onDone} onError={onError} />}
    </Paper>
  );
}

function LinkedStatus({ status, onDone, onError }: Props & { status: Extract<BinanceLinkStatus, { conectado: true }> }) {
  const sync = useSyncBinance();
  const unlink = useUnlinkBinance();
  const ultima = status.ultima;
  const running = sync.isPending || status.enCurso;
  // The end of a run comes by the socket; only while it is down does the card poll (slowly).
  useBinanceLive(status.enCurso);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>{t('binanceConnected', { end: status.apiKeyEnd })}</Typography>
        <Chip size="small" color={status.estado === 'activa' ? 'success' : 'error'} label={ESTADO_LABEL[status.estado]} />
      </Stack>
      {status.motivo && <Alert severity="error">{status.motivo}</Alert>}
      {!status.ipRestrict && <Alert severity="warning">{messages.binanceNoIpWarning}</Alert>}
      <Typography variant="body2" color="textSecondary" data-testid="binance-ultima">
        {ultima
          ? `${t('binanceLastSync', { at: formatDateTime(ultima.at) ?? ultima.at })} · ${t('binanceLastResult', {
              creadas: ultima.creadas,
              duplicadas: ultima.duplicadas,
              omitidas: ultima.omitidas,
            })}`
          : messages.binanceNeverSynced}
      </Typography>
      {ultima?.error && <Alert severity="warning">{ultima.error}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={running}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (r) =>
                onDone(
                  'enCurso' in r
                    ? messages.binanceSyncStarted
                    : t('binanceLastResult', { creadas: r.creadas, duplicadas: r.duplicadas, omitidas: r.omitidas }),
                ),
              onError: (err) => onError(errorMessage(err, messages.binanceUnavailable)),
            })
          }
        >
          {running ? messages.binanceSyncing : messages.binanceSyncNow}
        </Button>
        <Button
          color="warning"
          disabled={unlink.isPending || running}
          onClick={() =>
            unlink.mutate(undefined, {
              onSuccess: () => onDone(messages.binanceDisconnected),
              onError: (err) => onError(errorMessage(err, messages.binanceUnavailable)),
            })
          }
        >
          {messages.binanceDisconnect}
        </Button>
      </Stack>
    </Stack>
  );
}
