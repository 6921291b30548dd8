import { Alert, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDayShort, messages, type CuentaSaldoJson, type MovimientoJson } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { Figure } from '../../../shared/ui/Figure';
import { useMovimientos } from '../api/cuentas';
import { formatMoneda, tipoMovLabel } from './labels';

interface Props {
  ledgerId: string;
  desde: string;
  hasta: string;
  cuentas: CuentaSaldoJson[];
}

/** "Banesco → Binance", "Sin asignar → Banesco": where the money went. */
function ruta(m: MovimientoJson, nombres: Map<string, string>): string {
  const name = (id: string | null) => (id === null ? messages.sinAsignar : (nombres.get(id) ?? '—'));
  if (m.tipo === 'transferencia') return `${name(m.cuenta_origen_id)} → ${name(m.cuenta_destino_id)}`;
  const cuenta = m.cuenta_destino_id ?? m.cuenta_origen_id;
  const parts = [name(cuenta)];
  if (m.miembro) parts.push(m.miembro.user_name);
  if (m.notas) parts.push(m.notas);
  return parts.join(' · ');
}

/** The month's movements, newest first as the server lists them. */
export function MovimientosList({ ledgerId, desde, hasta, cuentas }: Props) {
  const movimientos = useMovimientos(ledgerId, desde, hasta);
  const nombres = new Map(cuentas.map((c) => [c.id, c.nombre]));
  let body: React.ReactNode;
  if (movimientos.isPending) body = <CircularProgress size={24} aria-label={messages.cuentasLoading} sx={{ m: 2 }} />;
  else if (movimientos.isError) body = <Alert severity="error">{errorMessage(movimientos.error, messages.movimientosLoadError)}</Alert>;
  else if (movimientos.data.length === 0)
    body = (
      <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
        {messages.movimientosEmpty}
      </Typography>
    );
  else
    body = (
      <List dense disablePadding aria-label={messages.movimientosTitle}>
        {movimientos.data.map((m) => {
          const sign = m.tipo === 'retiro' || (m.tipo === 'ajuste' && (m.cuenta_origen_id !== null || m.sentido === 'salida')) ? '-' : '';
          return (
            <ListItem key={m.id} divider sx={{ gap: 1 }}>
              <ListItemText primary={`${tipoMovLabel(m.tipo)} · ${formatDayShort(m.fecha)}`} secondary={ruta(m, nombres)} />
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                <Figure>{`${sign}${formatMoneda(m.moneda, m.monto)}`}</Figure>
                {m.comision > 0 && (
                  <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                    {messages.movComision} <Figure>{formatMoneda(m.moneda, m.comision)}</Figure>
                  </Typography>
                )}
              </Typography>
            </ListItem>
          );
        })}
      </List>
    );
  return (
    <Paper variant="outlined" component="section" aria-label={messages.movimientosTitle}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
        {messages.movimientosTitle}
      </Typography>
      {body}
    </Paper>
  );
}
