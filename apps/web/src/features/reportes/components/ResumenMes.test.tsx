import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReporteMensualJson } from '@arb/shared';
import { ResumenMes } from './ResumenMes';

const patrimonio = { fecha: '2026-03-31', usd: 100, tasa: 40 };
const reporte = (margen_promedio: number | null): ReporteMensualJson => ({
  mes: '2026-03',
  desde: '2026-03-01',
  hasta: '2026-03-31',
  resumen: {
    operaciones: 3,
    venta_usd: 110,
    compra_usd: 60,
    tasa_venta_promedio: 41,
    tasa_compra_promedio: 40,
    ganancia_ves: 10,
    ganancia_usd: 1,
    comisiones_usd: 0,
    movimientos_netos_ves: 0,
    movimientos_netos_usd: 0,
    saldo_inicial_ves: 0,
    saldo_inicial_usd: 0,
    saldo_final_ves: 0,
    saldo_final_usd: 0,
    patrimonio_inicial: patrimonio,
    patrimonio_final: patrimonio,
    margen_promedio,
  },
  dias: [],
  autores: [],
});

/** The tile that follows a label (dt → dd). */
const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('ResumenMes: the month’s margin vs paralelo among the figures (DESIGN §24, §25)', () => {
  afterEach(cleanup);

  it.each([
    [1.01, '+1,01 % vs paralelo'],
    [-0.5, '-0,50 % vs paralelo'],
    [null, '—'], // no stamped row in the month
  ])('%s → %s', (margen, text) => {
    render(<ResumenMes reporte={reporte(margen)} />);
    expect(tile('Margen promedio vs paralelo (%)')).toBe(text);
  });
});
