/**
 * The monthly reports' texts for margins against the market (DESIGN §24) and the settlement of the
 * partners (§22) inside the workbook, the PDF and the Reportes page (DESIGN §25, §28;
 * docs/product.md#reportes). Kept apart from reportes-messages.ts: the join of those features.
 */
export const reportesCruceMessages = {
  reporteParaleloMercado: 'Paralelo del momento (Bs)',
  reporteMargenPromedio: 'Margen promedio vs paralelo (%)',
  reportePeriodo: 'Período {desde} – {hasta}',
  reporteCerrado: 'Cerrado',
  reporteResultadoPeriodo: 'Resultado del período (USD)',
  reporteComisionOperador: 'Comisión del operador (USD)',
  reporteParticipacion: 'Participación (%)',
  reporteEnSuPoder: 'En su poder (USD)',
  reporteDiferencia: 'Diferencia (USD)',
  reporteTasaInicial: 'Tasa inicial (Bs)',
  reporteTasaFinal: 'Tasa final (Bs)',
  reporteSinLiquidacion: 'Sin período que liquidar en este mes',
} as const;
