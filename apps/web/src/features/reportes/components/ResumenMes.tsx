import { Box, Paper, Typography } from '@mui/material';
import {
  formatBs,
  formatDayShort,
  formatNumber,
  formatUsd,
  formatRate,
  margenChipText,
  type ReporteMensualJson,
  reportesMessages as m,
  tr,
} from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';

/** The month's figures (the workbook's Resumen): a two-column grid on a phone, three from a tablet. */
export function ResumenMes({ reporte }: { reporte: ReporteMensualJson }) {
  const r = reporte.resumen;
  const equity = (p: ReporteMensualJson['resumen']['patrimonio_final']) =>
    p.usd === null ? tr('reporteFaltaTasa', { fecha: formatDayShort(p.fecha) }) : formatUsd(p.usd);
  // A figure never breaks apart; a sentence such as "Falta la tasa del …" wraps inside its tile.
  const items: Array<[string, string]> = [
    [m.reporteOperaciones, String(r.operaciones)],
    [m.reporteGananciaUsd, formatUsd(r.ganancia_usd)],
    [m.reporteGananciaBs, formatBs(r.ganancia_ves)],
    [m.reporteUsdVendidos, formatUsd(r.venta_usd)],
    [m.reporteUsdComprados, formatUsd(r.compra_usd)],
    [m.reporteTasaVentaPromedio, formatRate(r.tasa_venta_promedio)],
    [m.reporteTasaCompraPromedio, formatRate(r.tasa_compra_promedio)],
    [m.reporteComisiones, `${formatNumber(r.comisiones_usd, 2, 8)} USD`],
    // DESIGN §24: the month's margin vs paralelo, as the rows' chip says it ("+1,25 % vs paralelo").
    [m.reporteMargenPromedio, r.margen_promedio === null ? '—' : margenChipText(r.margen_promedio)],
    [m.reporteSaldoFinalVes, formatBs(r.saldo_final_ves)],
    [m.reporteSaldoFinalUsd, formatUsd(r.saldo_final_usd)],
    [m.reportePatrimonioInicial, equity(r.patrimonio_inicial)],
    [m.reportePatrimonioFinal, equity(r.patrimonio_final)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1, m: 0 }}>
      {items.map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ p: 1.25, minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
            {/^-?[\d.,]+( [A-Za-z.$]+)?$/.test(value) ? <Figure>{value}</Figure> : value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
