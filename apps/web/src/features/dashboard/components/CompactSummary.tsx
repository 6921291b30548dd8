import { Box, Paper, Typography } from '@mui/material';
import { formatBs, formatDayLong, formatUsd } from '@arb/shared';
import { TileFigure } from '../../../shared/ui/Figure';
import type { Balances } from '../api/types';

/**
 * Each figure whole on one line, shrunk to its column when long (issue 36: "1.019.931,1" and "8 Bs.S"
 * on two lines at 360 px). The Bs.S figure is the longest (tens of millions: 18 characters), so its
 * column is the widest and shrinks the least.
 */
const COLUMNS = 'minmax(0, 1.3fr) minmax(0, 1.1fr) minmax(0, 1fr)';
const FIGURE = { fontWeight: 700 } as const;

/** The first lines on a phone or tablet (docs/benchmarks.md, issue 22): what is available and the day's profit, then the form. */
export function CompactSummary({ balances, fecha }: { balances: Balances | undefined; fecha: string }) {
  const r = balances?.resumen;
  const items: [string, string, string][] = [
    ['compact-ves', 'Disponible Bs.S', r ? formatBs(r.saldo_disponible_ves.valor) : '…'],
    ['compact-usd', 'Disponible USD', r ? formatUsd(r.saldo_disponible_usd.valor) : '…'],
    ['compact-profit', 'Ganancia del día', r ? formatUsd(r.ganancia_total_usd.valor) : '…'],
  ];
  return (
    <Paper component="section" aria-label="Resumen del día" sx={{ px: 1.5, py: 1 }}>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {formatDayLong(fecha)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: COLUMNS, gap: 1 }}>
        {items.map(([id, label, value]) => (
          <Box key={id} role="group" aria-labelledby={id} sx={{ minWidth: 0 }}>
            <Typography id={id} variant="caption" color="textSecondary" sx={{ display: 'block', lineHeight: 1.2 }}>
              {label}
            </Typography>
            <TileFigure value={value} max="0.875rem" sx={FIGURE} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
