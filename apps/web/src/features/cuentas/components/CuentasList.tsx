import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatDayShort, messages, t, type CuentaSaldoJson, type CuentasResponse } from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';
import { formatMoneda, tipoCuentaLabel } from './labels';

/** What the balance holders may do with an account (the page opens the dialogs). */
export interface CuentaActions {
  onCuadrar(cuenta: CuentaSaldoJson): void;
  onEditar(cuenta: CuentaSaldoJson): void;
  /** Archive (`archivada: true`) or bring back an archived account. */
  onArchivar(cuenta: CuentaSaldoJson, archivada: boolean): void;
}

interface Props extends Partial<CuentaActions> {
  data: CuentasResponse;
  canWrite: boolean;
  onCuadrar(cuenta: CuentaSaldoJson): void;
}

interface Grupo {
  titular: string;
  cuentas: CuentaSaldoJson[];
}

/** The accounts by holder, in the order the server lists them (docs/product.md#cuentas-y-movimientos). */
export function groupByTitular(cuentas: CuentaSaldoJson[]): Grupo[] {
  const grupos = new Map<string, Grupo>();
  for (const c of cuentas) {
    const key = c.titular?.id ?? '';
    const grupo = grupos.get(key) ?? { titular: c.titular?.user_name ?? messages.cuentasSinTitular, cuentas: [] };
    grupo.cuentas.push(c);
    grupos.set(key, grupo);
  }
  return [...grupos.values()];
}

function CuentaRow({
  cuenta,
  canWrite,
  onCuadrar,
  onEditar,
  onArchivar,
}: {
  cuenta: CuentaSaldoJson;
  canWrite: boolean;
  onCuadrar(): void;
  onEditar?: (() => void) | undefined;
  onArchivar?: (() => void) | undefined;
}) {
  const cuadre = cuenta.ultimo_cuadre
    ? t('cuentaUltimoCuadre', { fecha: formatDayShort(cuenta.ultimo_cuadre.fecha) })
    : messages.cuentaSinCuadre;
  return (
    <ListItem divider data-testid={`cuenta-${cuenta.nombre}`} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{cuenta.nombre}</span>
            {cuenta.archivada && <Chip size="small" variant="outlined" label="Archivada" />}
            {cuenta.descuadrada && <Chip size="small" color="warning" label={messages.cuentaDescuadrada} />}
          </Stack>
        }
        secondary={`${tipoCuentaLabel(cuenta.tipo)} · ${cuadre}`}
      />
      <Typography sx={{ fontVariantNumeric: 'tabular-nums', ml: 'auto' }}>
        <Figure>{formatMoneda(cuenta.moneda, cuenta.saldo)}</Figure>
      </Typography>
      {/* Below the figures, across the row: three buttons fit 360 px without covering the balance. */}
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button size="small" onClick={onCuadrar} aria-label={t('cuadreTitle', { cuenta: cuenta.nombre })}>
            {messages.cuadreAction}
          </Button>
          {onEditar && (
            <Button size="small" onClick={onEditar} aria-label={`${messages.cuentaEditarAction} ${cuenta.nombre}`}>
              {messages.cuentaEditarAction}
            </Button>
          )}
          {onArchivar && (
            <Button
              size="small"
              color={cuenta.archivada ? 'primary' : 'warning'}
              onClick={onArchivar}
              aria-label={`${cuenta.archivada ? messages.cuentaReactivarAction : messages.cuentaArchivarAction} ${cuenta.nombre}`}
            >
              {cuenta.archivada ? messages.cuentaReactivarAction : messages.cuentaArchivarAction}
            </Button>
          )}
        </Stack>
      )}
    </ListItem>
  );
}

/** Accounts grouped by titular, then Sin asignar per currency when it is not zero. */
export function CuentasList({ data, canWrite, onCuadrar, onEditar, onArchivar }: Props) {
  const sinAsignar = (['VES', 'USD'] as const).filter((m) => data.sin_asignar[m === 'VES' ? 'ves' : 'usd'] !== 0);
  return (
    <Stack spacing={2}>
      {groupByTitular(data.cuentas).map((g) => (
        <Paper key={g.titular} variant="outlined" component="section" aria-label={g.titular}>
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
            {g.titular}
          </Typography>
          <List dense disablePadding>
            {g.cuentas.map((c) => (
              <CuentaRow
                key={c.id}
                cuenta={c}
                canWrite={canWrite}
                onCuadrar={() => onCuadrar(c)}
                onEditar={onEditar && (() => onEditar(c))}
                onArchivar={onArchivar && (() => onArchivar(c, !c.archivada))}
              />
            ))}
          </List>
        </Paper>
      ))}
      {sinAsignar.length > 0 && (
        <Paper variant="outlined" component="section" aria-label={messages.sinAsignar} sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {messages.sinAsignar}
          </Typography>
          {sinAsignar.map((m) => (
            <Box key={m} data-testid={`sin-asignar-${m}`} sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <Figure>{formatMoneda(m, data.sin_asignar[m === 'VES' ? 'ves' : 'usd'])}</Figure>
            </Box>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
