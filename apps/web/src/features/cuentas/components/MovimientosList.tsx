import { Alert, Button, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatDayShort, messages, type CuentaSaldoJson, type MovimientoJson } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { FilterSelect } from '../../../shared/ui/FilterSelect';
import { Figure } from '../../../shared/ui/Figure';
import { useMovimientos } from '../api/cuentas';
import { ct } from '../cuentas-texts';
import { formatMoneda, monedaLabel, tipoMovLabel } from './labels';
import { movimientoRuta as ruta, movimientoSigno } from './movimiento-text';

interface Props {
  ledgerId: string;
  desde: string;
  hasta: string;
  cuentas: CuentaSaldoJson[];
  /** The account whose movements are shown ('' = every account), kept in the page's address. */
  cuentaId: string;
  onCuentaChange(cuentaId: string): void;
  /** With the balance permission: "Editar" and "Eliminar" on each movement. */
  onEditar?: ((m: MovimientoJson) => void) | undefined;
  onEliminar?: ((m: MovimientoJson) => void) | undefined;
}

/**
 * The month's movements in the days' order, as the server lists them. Filtered by an account
 * (docs/product.md#cuentas-y-movimientos), the server sends only that account's, the sign says
 * whether the money left it or came in, and each day's last movement shows the account's balance
 * at the end of that day — the figure a cuadre compares, trading flows included (decision 0060).
 */
export function MovimientosList({ ledgerId, desde, hasta, cuentas, cuentaId, onCuentaChange, onEditar, onEliminar }: Props) {
  const movimientos = useMovimientos(ledgerId, desde, hasta, cuentaId);
  const nombres = new Map(cuentas.map((c) => [c.id, c.nombre]));
  const options = cuentas.map((c) => ({ value: c.id, label: `${c.nombre} (${monedaLabel(c.moneda)})` }));
  // An address naming an account not listed here still shows what it asks; the server answers for it.
  if (cuentaId && !nombres.has(cuentaId)) options.push({ value: cuentaId, label: ct('filtroNoListada') });
  const signo = (m: MovimientoJson) => (cuentaId ? (m.cuenta_origen_id === cuentaId ? '-' : '+') : movimientoSigno(m));

  let body: React.ReactNode;
  if (movimientos.isPending) body = <CircularProgress size={24} aria-label={messages.cuentasLoading} sx={{ m: 2 }} />;
  else if (movimientos.isError)
    body = (
      <Alert
        severity="error"
        sx={{ mx: 2, mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void movimientos.refetch()}>
            {messages.retry}
          </Button>
        }
      >
        {errorMessage(movimientos.error, messages.movimientosLoadError, messages.movimientosLoadError)}
      </Alert>
    );
  else if (movimientos.data.length === 0)
    body = (
      <Typography color="textSecondary" sx={{ px: 2, pb: 2 }} data-testid="movimientos-vacio">
        {cuentaId ? ct('movimientosCuentaEmpty') : messages.movimientosEmpty}
      </Typography>
    );
  else {
    const list = movimientos.data;
    body = (
      <List dense disablePadding aria-label={messages.movimientosTitle}>
        {list.map((m, i) => {
          const cierre = cuentaId && m.saldo_cuenta !== undefined && list[i + 1]?.fecha !== m.fecha ? m.saldo_cuenta : undefined;
          return (
            <ListItem key={m.id} divider sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="movimiento">
              <ListItemText primary={`${tipoMovLabel(m.tipo)} · ${formatDayShort(m.fecha)}`} secondary={ruta(m, nombres)} />
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                <Figure>{`${signo(m)}${formatMoneda(m.moneda, m.monto)}`}</Figure>
                {m.comision > 0 && (
                  <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                    {messages.movComision} <Figure>{formatMoneda(m.moneda, m.comision)}</Figure>
                  </Typography>
                )}
              </Typography>
              {cierre !== undefined && (
                <Typography variant="body2" color="textSecondary" sx={{ width: '100%', textAlign: 'right' }} data-testid="saldo-cierre">
                  {ct('saldoCierre', { fecha: formatDayShort(m.fecha) })} <Figure>{formatMoneda(m.moneda, cierre)}</Figure>
                </Typography>
              )}
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
  }
  return (
    <Paper variant="outlined" component="section" aria-label={messages.movimientosTitle}>
      <Stack
        direction="row"
        sx={{ px: 2, pt: 1.5, pb: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {messages.movimientosTitle}
        </Typography>
        {options.length > 0 && (
          <FilterSelect
            native
            label={messages.movCuenta}
            value={cuentaId}
            onChange={onCuentaChange}
            allLabel={messages.searchTodas}
            options={options}
            // A whole line on a phone (360 px), beside the title from the tablet up.
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minWidth: { sm: 220 } }}
          />
        )}
      </Stack>
      {body}
    </Paper>
  );
}
