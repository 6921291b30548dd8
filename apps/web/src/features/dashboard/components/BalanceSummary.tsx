import type { ReactNode } from 'react';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { formatBs, formatRate, formatUsd, messages } from '@arb/shared';
import { TileFigure } from '../../../shared/ui/Figure';
import type { Balances } from '../api/types';
import type { BaseCurrency } from './BaseBalanceDialog';

interface Props {
  balances: Balances;
  canEditBase: boolean;
  onEditBase(currency: BaseCurrency): void;
  /** Offline the base stays visible but cannot be changed (docs/product.md#working-offline 'Requiere conexión'). */
  offline?: boolean;
}

interface TileProps {
  /** Test id of the value (`balance-…`). */
  id: string;
  label: string;
  value: string;
  hint?: string;
  tone?: 'positive' | 'negative';
  action?: ReactNode;
  strong?: boolean;
}

function Tile({ id, label, value, hint, tone, action, strong }: TileProps) {
  const color = tone === 'positive' ? 'success.main' : tone === 'negative' ? 'error.main' : 'text.primary';
  return (
    <Box role="group" aria-labelledby={`tile-${id}`} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`tile-${id}`} variant="caption" color="text.secondary">
          {label}
        </Typography>
        {action}
      </Box>
      <TileFigure testId={`balance-${id}`} value={value} max={strong ? '1.15rem' : '1rem'} sx={{ fontWeight: strong ? 700 : 600, color }} />
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

const tone = (n: number) => (n >= 0 ? 'positive' : 'negative');

/** The day's figures (docs/api.md balances response; docs/product.md#money). */
export function BalanceSummary({ balances, canEditBase, onEditBase, offline = false }: Props) {
  const { resumen, promedios, saldos_base: base, saldos_actuales: actuales } = balances;
  // docs/product.md#balances-of-a-day: each currency is explicit or inherited on its own.
  const inherited = (heredado: boolean) => (heredado ? 'heredado del día anterior' : undefined);
  const edit = (currency: BaseCurrency, label: string) =>
    canEditBase ? (
      <Tooltip title={offline ? messages.offlineNeedsConnection : `Editar saldo base ${label}`}>
        <span>
          <IconButton size="small" aria-label={`Editar saldo base ${label}`} disabled={offline} onClick={() => onEditBase(currency)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    ) : undefined;

  return (
    <Paper component="section" aria-labelledby="summary-title" sx={{ p: 2 }}>
      <Typography id="summary-title" variant="h6" component="h2" gutterBottom>
        Resumen del día
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Tile id="disponible-ves" label="Saldo disponible Bs.S" value={formatBs(resumen.saldo_disponible_ves.valor)} strong />
        <Tile id="disponible-usd" label="Saldo disponible USD" value={formatUsd(resumen.saldo_disponible_usd.valor)} strong />
        <Tile
          id="base-ves"
          label="Saldo base Bs.S"
          value={formatBs(base.saldo_base_ves)}
          hint={inherited(base.heredado_ves)}
          action={edit('ves', 'Bs.S')}
        />
        <Tile
          id="base-usd"
          label="Saldo base USD"
          value={formatUsd(base.saldo_base_usd)}
          hint={inherited(base.heredado_usd)}
          action={edit('usd', 'USD')}
        />
        <Tile id="venta-total" label="Venta total" value={formatUsd(resumen.venta_total.valor)} />
        <Tile id="compra-total" label="Compra total" value={formatUsd(resumen.compra_total.valor)} />
        <Tile
          id="ganancia-ves"
          label="Ganancia Bs.S"
          value={formatBs(resumen.ganancia_total_ves.valor)}
          tone={tone(resumen.ganancia_total_ves.valor)}
        />
        <Tile
          id="ganancia-usd"
          label="Ganancia USD"
          value={formatUsd(resumen.ganancia_total_usd.valor)}
          tone={tone(resumen.ganancia_total_usd.valor)}
        />
        <Tile id="tasa-venta" label="Tasa venta promedio" value={formatRate(promedios.tasa_venta_promedio)} />
        <Tile id="tasa-compra" label="Tasa compra promedio" value={formatRate(promedios.tasa_compra_promedio)} />
        <Tile
          id="verificado-ves"
          label="Saldo verificado Bs.S"
          value={formatBs(actuales.saldo_ves_actual)}
          hint="Solo transacciones verificadas"
        />
        <Tile
          id="verificado-usd"
          label="Saldo verificado USD"
          value={formatUsd(actuales.saldo_usd_actual)}
          hint="Solo transacciones verificadas"
        />
      </Box>
    </Paper>
  );
}
