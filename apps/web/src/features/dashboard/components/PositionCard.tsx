import { Alert, Box, Paper, Typography } from '@mui/material';
import { formatBs, formatRate, formatUsd, messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { usePosition } from '../api/get-position';

/**
 * docs/product.md#profit-method-and-position's "Posición" card: the open position at the end of the day shown, its average rate
 * and the unrealized profit at the reference rate it names ("sin posición abierta" when flat).
 * Its own component so the dashboard's layout can place it anywhere.
 */
export function PositionCard({ ledgerId, fecha, enabled = true }: { ledgerId: string | undefined; fecha: string; enabled?: boolean }) {
  // `enabled`: the dashboard asks once its day's list has painted (docs/decisions/0019-dashboard-first-paint.md).
  const position = usePosition(ledgerId, fecha, enabled);
  const p = position.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="position-title" sx={{ p: 2 }}>
      <Typography id="position-title" variant="h6" component="h2" gutterBottom>
        Posición
      </Typography>
      {position.isError && !p && <Alert severity="error">{errorMessage(position.error, messages.positionError)}</Alert>}
      {p &&
        (p.posicion_usd === 0 ? (
          <Typography color="text.secondary" data-testid="position-flat">
            Sin posición abierta
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <Figure
              label="Posición abierta"
              id="open"
              value={`${formatUsd(p.posicion_usd)} ${p.posicion_usd > 0 ? '(comprados)' : '(vendidos)'}`}
            />
            <Figure label="Costo promedio" id="average" value={`${formatRate(p.costo_promedio)}/USD`} />
            <Figure
              label={
                p.referencia
                  ? `Ganancia no realizada (tasa ${p.referencia.fuente} ${formatRate(p.referencia.tasa)})`
                  : 'Ganancia no realizada'
              }
              id="unrealized"
              value={
                p.no_realizado_usd === null || p.no_realizado_ves === null
                  ? 'Sin tasa de referencia'
                  : `${formatUsd(p.no_realizado_usd)} · ${formatBs(p.no_realizado_ves)}`
              }
            />
          </Box>
        ))}
    </Paper>
  );
}

function Figure({ label, id, value }: { label: string; id: string; value: string }) {
  return (
    <Box role="group" aria-labelledby={`position-${id}`} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography id={`position-${id}`} variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={`position-${id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}
