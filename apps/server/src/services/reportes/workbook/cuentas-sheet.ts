import { messages, reportesMessages as m, type MessageKey } from '@arb/shared';
import type { MonthCuenta } from '../month-cuentas.ts';
import { dayCell, FMT, num } from './cells.ts';
import type { Column } from './table.ts';

/** The Cuentas sheet (DESIGN §25): per account, opening, in, out, closing and the last cuadre. */
export const CUENTAS_COLUMNS: Column<MonthCuenta>[] = [
  { header: m.reporteCuenta, width: 24, value: (c) => (c.archivada ? `${c.nombre} (${m.reporteArchivada})` : c.nombre) },
  { header: m.reporteMoneda, width: 8, value: (c) => c.moneda },
  { header: m.reporteTipo, width: 12, value: (c) => messages[`tipoCuenta_${c.tipo}` as MessageKey] ?? c.tipo },
  { header: m.reporteTitular, width: 18, value: (c) => c.titular },
  { header: m.reporteApertura, width: 16, numFmt: FMT.usd, value: (c) => num(c.apertura) },
  { header: m.reporteEntradas, width: 16, numFmt: FMT.usd, value: (c) => num(c.entradas) },
  { header: m.reporteSalidas, width: 16, numFmt: FMT.usd, value: (c) => num(c.salidas) },
  { header: m.reporteCierre, width: 16, numFmt: FMT.usd, value: (c) => num(c.cierre) },
  { header: m.reporteUltimoCuadre, width: 14, numFmt: FMT.date, value: (c) => (c.cuadre ? dayCell(c.cuadre.fecha) : null) },
  { header: m.reporteCuadreReal, width: 18, numFmt: FMT.usd, value: (c) => num(c.cuadre?.saldo_real) },
  { header: m.reporteCuadreDiferencia, width: 18, numFmt: FMT.usd, value: (c) => num(c.cuadre?.diferencia) },
];
