import { Box, Paper, Typography } from '@mui/material';
import { formatBs, formatDayLong, formatUsd } from '@arb/shared';
import type { Balances } from '../api/types';

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
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {items.map(([id, label, value]) => (
          <Box key={id} role="group" aria-labelledby={id} sx={{ minWidth: 0 }}>
            <Typography id={id} variant="caption" color="textSecondary" sx={{ display: 'block', lineHeight: 1.2 }}>
              {label}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
