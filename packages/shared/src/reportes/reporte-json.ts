/**
 * The month's figures as the Reportes page reads them (`formato=json`, docs/api.md#reportes): the
 * same figures as the workbook's Resumen and Diario sheets, numbers rounded for display (the
 * server computes them exactly; the web does no money arithmetic on them).
 */
export interface ReporteDiaJson {
  fecha: string;
  operaciones: number;
  venta_usd: number;
  compra_usd: number;
  tasa_venta_promedio: number;
  tasa_compra_promedio: number;
  /** tasa_venta_promedio / tasa_compra_promedio − 1, in % with 2 decimals; null without both sides. */
  spread: number | null;
  ganancia_ves: number;
  ganancia_usd: number;
  comisiones_usd: number;
  saldo_ves: number;
  saldo_usd: number;
  bcv: number | null;
  paralelo: number | null;
}

export interface ReportePatrimonioJson {
  fecha: string;
  usd: number | null;
  tasa: number | null;
}

export interface ReporteMensualJson {
  mes: string;
  desde: string;
  hasta: string;
  resumen: {
    operaciones: number;
    venta_usd: number;
    compra_usd: number;
    tasa_venta_promedio: number;
    tasa_compra_promedio: number;
    ganancia_ves: number;
    ganancia_usd: number;
    comisiones_usd: number;
    movimientos_netos_ves: number;
    movimientos_netos_usd: number;
    saldo_inicial_ves: number;
    saldo_inicial_usd: number;
    saldo_final_ves: number;
    saldo_final_usd: number;
    patrimonio_inicial: ReportePatrimonioJson;
    patrimonio_final: ReportePatrimonioJson;
    /** DESIGN §24: the month's USD-weighted margin vs the paralelo each row met, in % (2 dp); null when no row is stamped. */
    margen_promedio: number | null;
  };
  dias: ReporteDiaJson[];
  autores: Array<{ nombre: string; operaciones: number; ganancia_usd: number }>;
}
