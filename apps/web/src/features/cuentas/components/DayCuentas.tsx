import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDayShort, messages, t, type CuentaSaldoJson, type MovimientoJson } from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';
import { formatMoneda, tipoMovLabel } from './labels';
import { movimientoRuta, movimientoSigno } from './movimiento-text';

/**
 * What the dashboard shows of the accounts (docs/product.md#cuentas-y-movimientos): a compact card
 * with each account's balance at the end of the day, Sin asignar when not zero and the Descuadrada
 * marks, and the day's movements as read-only lines. Both read the day's answer (no request of
 * their own) and live in this chunk, which the dashboard loads only for a ledger with accounts or
 * movements, after the day's list: the first screen keeps its weight (docs/decisions/0019, 0025).
 */
interface CardProps {
  ledgerId: string;
  fecha: string;
  cuentas: readonly CuentaSaldoJson[];
  sinAsignar?: { ves: number; usd: number } | undefined;
}

export function DayCuentasCard({ ledgerId, fecha, cuentas, sinAsignar }: CardProps) {
  const lines: Array<{ key: string; nombre: string; texto: string; descuadrada: boolean; archivada: boolean }> = cuentas.map((c) => ({
    key: c.id,
    nombre: c.nombre,
    texto: formatMoneda(c.moneda, c.saldo),
    descuadrada: c.descuadrada,
    archivada: c.archivada,
  }));
  if (sinAsignar && sinAsignar.ves !== 0)
    lines.push({
      key: 'sa-ves',
      nombre: `${messages.sinAsignar} Bs`,
      texto: formatMoneda('VES', sinAsignar.ves),
      descuadrada: false,
      archivada: false,
    });
  if (sinAsignar && sinAsignar.usd !== 0)
    lines.push({
      key: 'sa-usd',
      nombre: `${messages.sinAsignar} USD`,
      texto: formatMoneda('USD', sinAsignar.usd),
      descuadrada: false,
      archivada: false,
    });
  return (
    <Paper component="section" aria-labelledby="day-cuentas-title" sx={{ p: 2 }} data-testid="day-cuentas">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="day-cuentas-title" variant="h6" component="h2">
          {messages.cuentasTitle}
        </Typography>
        <Button component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/cuentas`} size="small">
          {messages.cuentasCardLink}
        </Button>
      </Box>
      <Typography variant="caption" color="textSecondary">
        {t('cuentasCardFecha', { fecha: formatDayShort(fecha) })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {lines.map((l) => (
          <Box
            component="li"
            key={l.key}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}
          >
            <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {l.nombre}
              {l.archivada ? ' (archivada)' : ''}
              {l.descuadrada && <Chip size="small" color="warning" label={messages.cuentaDescuadrada} sx={{ ml: 1 }} />}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              <Figure>{l.texto}</Figure>
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

interface MovProps {
  movimientos: readonly MovimientoJson[];
  cuentas: readonly CuentaSaldoJson[];
}

/** The day's movements below its transactions: read-only (they are edited on the Cuentas page). */
export function DayMovimientos({ movimientos, cuentas }: MovProps) {
  if (movimientos.length === 0) return null;
  const nombres = new Map(cuentas.map((c) => [c.id, c.nombre]));
  return (
    <Paper component="section" aria-labelledby="day-movs-title" sx={{ p: 2 }} data-testid="day-movimientos">
      <Typography id="day-movs-title" variant="h6" component="h2" gutterBottom>
        {t('movimientosDelDia', { n: movimientos.length })}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {movimientos.map((m) => (
          <Box component="li" key={m.id} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
            <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {tipoMovLabel(m.tipo)}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {movimientoRuta(m, nombres)}
              </Typography>
            </Box>
            <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
              <Figure>{`${movimientoSigno(m)}${formatMoneda(m.moneda, m.monto)}`}</Figure>
              {m.comision > 0 && (
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  {messages.movComision} <Figure>{formatMoneda(m.moneda, m.comision)}</Figure>
                </Typography>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
