import { toBig, toNumber, type ReporteMensualJson } from '@arb/shared';
import type { MonthReport, Patrimonio } from './month-report.ts';

const n = (v: string, dp = 2) => toNumber(toBig(v), dp);
const opt = (v: string | null, dp = 2) => (v === null ? null : n(v, dp));
const eq = (p: Patrimonio) => ({ fecha: p.fecha, usd: opt(p.usd), tasa: opt(p.tasa, 4) });

/** The month's figures for the Reportes page (`formato=json`): the workbook's Resumen and Diario, rounded for display. */
export function toReporteJson(r: MonthReport): ReporteMensualJson {
  const s = r.resumen;
  return {
    mes: r.mes,
    desde: r.desde,
    hasta: r.hasta,
    resumen: {
      operaciones: s.operaciones,
      venta_usd: n(s.venta),
      compra_usd: n(s.compra),
      tasa_venta_promedio: n(s.tasa_venta_promedio, 4),
      tasa_compra_promedio: n(s.tasa_compra_promedio, 4),
      ganancia_ves: n(s.ganancia_ves),
      ganancia_usd: n(s.ganancia_usd),
      comisiones_usd: n(s.comisiones, 8),
      movimientos_netos_ves: n(s.mov_netos_ves),
      movimientos_netos_usd: n(s.mov_netos_usd),
      saldo_inicial_ves: n(s.saldo_inicial_ves),
      saldo_inicial_usd: n(s.saldo_inicial_usd),
      saldo_final_ves: n(s.saldo_final_ves),
      saldo_final_usd: n(s.saldo_final_usd),
      patrimonio_inicial: eq(s.patrimonio_inicial),
      patrimonio_final: eq(s.patrimonio_final),
      margen_promedio: opt(s.margen_promedio),
    },
    dias: r.dias.map((d) => ({
      fecha: d.fecha,
      operaciones: d.operaciones,
      venta_usd: n(d.venta),
      compra_usd: n(d.compra),
      tasa_venta_promedio: n(d.tasa_venta_promedio, 4),
      tasa_compra_promedio: n(d.tasa_compra_promedio, 4),
      spread: opt(d.spread),
      ganancia_ves: n(d.ganancia_ves),
      ganancia_usd: n(d.ganancia_usd),
      comisiones_usd: n(d.comisiones, 8),
      saldo_ves: n(d.saldo_ves),
      saldo_usd: n(d.saldo_usd),
      bcv: opt(d.rates.oficial, 4),
      paralelo: opt(d.rates.paralelo, 4),
    })),
    autores: r.autores.map((a) => ({ nombre: a.nombre ?? '', operaciones: a.operaciones, ganancia_usd: n(a.ganancia_usd) })),
  };
}
