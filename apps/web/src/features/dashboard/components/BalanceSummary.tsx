import { memo, useRef, type ReactNode } from 'react';
import { Box, GlobalStyles, Paper, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { formatBs, formatRate, formatUsd, messages } from '@arb/shared';
import { useFitToWidth } from '../../../shared/ui/fit-to-width';
import { HoverHint, PlainIconButton } from '../../../shared/ui/plain-controls';
import type { Balances } from '../api/types';
import type { BaseCurrency } from './BaseBalanceDialog';

interface Props {
  balances: Balances;
  canEditBase: boolean;
  onEditBase(currency: BaseCurrency): void;
  /** Offline the base stays visible but cannot be changed (docs/product.md#working-offline 'Requiere conexión'). */
  offline?: boolean;
  /** The day lies in a closed period: the base stays visible but cannot be changed, and says why (decision 0066). */
  closedReason?: string | undefined;
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

/**
 * A figure of the day in plain elements styled by SummaryStyles, not MUI components: twelve tiles
 * were ~430 components drawn again on every change of the dashboard's state
 * (docs/decisions/0023-plain-rows.md). Same look: the theme's caption type and colours.
 */
function Tile({ id, label, value, hint, tone, action, strong }: TileProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useFitToWidth(ref, value, strong ? STRONG_SIZE : SIZE);
  const classes = [
    'tile-figure',
    strong && 'tile-figure-strong',
    tone === 'positive' && 'tx-positive',
    tone === 'negative' && 'tx-negative',
  ];
  return (
    <div className="tile" role="group" aria-labelledby={`tile-${id}`}>
      <div className="tile-head">
        <span id={`tile-${id}`} className="tile-caption">
          {label}
        </span>
        {action}
      </div>
      <p ref={ref} className={classes.filter(Boolean).join(' ')} data-testid={`balance-${id}`}>
        {value}
      </p>
      {hint && <span className="tile-caption">{hint}</span>}
    </div>
  );
}

const SIZE = '1rem';
const STRONG_SIZE = '1.15rem';

/** The tiles' stylesheet, from the theme (light and dark); the summary draws it once. */
function SummaryStyles() {
  return <GlobalStyles styles={summaryStyles} />;
}

function summaryStyles(t: Theme) {
  const { palette: p, typography: ty } = t;
  return {
    '.tile': { padding: 12, borderRadius: Number(t.shape.borderRadius) * 2, backgroundColor: p.action.hover, minWidth: 0 },
    '.tile-head': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 },
    '.tile-caption': { ...ty.caption, color: p.text.secondary },
    '.tile-figure': {
      ...ty.body1,
      margin: 0,
      whiteSpace: 'nowrap',
      fontVariantNumeric: 'tabular-nums',
      fontSize: SIZE,
      fontWeight: 600,
      lineHeight: 1.5,
      minWidth: 0,
      color: p.text.primary,
    },
    '.tile-figure-strong': { fontSize: STRONG_SIZE, fontWeight: 700 },
    '.tile-figure.tx-positive': { color: p.success.main },
    '.tile-figure.tx-negative': { color: p.error.main },
  };
}

const tone = (n: number) => (n >= 0 ? 'positive' : 'negative');

/**
 * The day's figures (docs/api.md balances response; docs/product.md#money). Memo: the dashboard's
 * state changes often after its first paint (the form, the rates, the tools arriving) and the
 * figures only change with the day's answer.
 */
export const BalanceSummary = memo(function BalanceSummary({ balances, canEditBase, onEditBase, offline = false, closedReason }: Props) {
  const { resumen, promedios, saldos_base: base, saldos_actuales: actuales } = balances;
  // docs/product.md#balances-of-a-day: each currency is explicit or inherited on its own.
  const inherited = (heredado: boolean) => (heredado ? 'heredado del día anterior' : undefined);
  const edit = (currency: BaseCurrency, label: string) =>
    canEditBase ? (
      <HoverHint
        text={closedReason ?? (offline ? messages.offlineNeedsConnection : `Editar saldo base ${label}`)}
        align="end"
        reason={offline || closedReason !== undefined}
      >
        <PlainIconButton
          icon="edit"
          size="small"
          aria-label={`Editar saldo base ${label}`}
          disabled={offline || closedReason !== undefined}
          onClick={() => onEditBase(currency)}
        />
      </HoverHint>
    ) : undefined;

  return (
    <Paper component="section" aria-labelledby="summary-title" sx={{ p: 2 }}>
      <SummaryStyles />
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
});
