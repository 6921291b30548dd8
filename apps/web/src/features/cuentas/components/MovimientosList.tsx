import { Alert, Button, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatDayShort, messages, type CuentaSaldoJson, type MovimientoJson } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { Figure } from '../../../shared/ui/Figure';
import { useMovimientos } from '../api/cuentas';
import { formatMoneda, tipoMovLabel } from './labels';
import { movimientoRuta as ruta, movimientoSigno } from './movimiento-text';

interface Props {
  ledgerId: string;
  desde: string;
  hasta: string;
  cuentas: CuentaSaldoJson[];
  /** With the balance permission: "Editar" and "Eliminar" on each movement. */
  onEditar?: ((m: MovimientoJson) => void) | undefined;
  onEliminar?: ((m: MovimientoJson) => void) | undefined;
}

/** The month's movements, newest first as the server lists them. */
export function MovimientosList({ ledgerId, desde, hasta, cuentas, onEditar, onEliminar }: Props) {
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
          const sign = movimientoSigno(m);
          return (
            <ListItem key={m.id} divider sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="movimiento">
              <ListItemText primary={`${tipoMovLabel(m.tipo)} · ${formatDayShort(m.fecha)}`} secondary={ruta(m, nombres)} />
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                <Figure>{`${sign}${formatMoneda(m.moneda, m.monto)}`}</Figure>
                {m.comision > 0 && (
                  <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                    {messages.movComision} <Figure>{formatMoneda(m.moneda, m.comision)}</Figure>
                  </Typography>
                )}
              </Typography>
              {(onEditar || onEliminar) && (
                <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'flex-end' }}>
                  {onEditar && (
                    <Button
                      size="small"
                      onClick={() => onEditar(m)}
                      aria-label={`${messages.movEditarAction} ${tipoMovLabel(m.tipo)} ${formatDayShort(m.fecha)}`}
                    >
                      {messages.movEditarAction}
                    </Button>
                  )}
                  {onEliminar && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onEliminar(m)}
                      aria-label={`${messages.movEliminarAction} ${tipoMovLabel(m.tipo)} ${formatDayShort(m.fecha)}`}
                    >
                      {messages.movEliminarAction}
                    </Button>
                  )}
                </Stack>
              )}
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
