import { type MessageKey, messages as base, reportesMessages } from '@arb/shared';
import type { MonthMovimiento } from '../month-movimientos.ts';
import { dayCell, FMT, num, wallClock } from './cells.ts';
import type { Column } from './table.ts';

/** The shared texts and the reports' own (reportesMessages), by key. */
const m = { ...base, ...reportesMessages };

/** The Movimientos sheet (DESIGN §25): the month's transfers, aportes, retiros and ajustes. */
export function movimientosColumns(timeZone: string): Column<MonthMovimiento>[] {
  return [
    { header: m.reporteFecha, width: 12, numFmt: FMT.date, value: (x) => dayCell(x.fecha) },
    { header: m.reporteHora, width: 8, numFmt: FMT.time, value: (x) => wallClock(x.ocurrido_en, timeZone) },
    { header: m.reporteTipo, width: 14, value: (x) => m[`tipoMov_${x.tipo}` as MessageKey] ?? x.tipo },
    { header: m.reporteMoneda, width: 8, value: (x) => x.moneda },
    { header: m.reporteMonto, width: 16, numFmt: FMT.usd, value: (x) => num(x.monto) },
    { header: m.reporteComision, width: 12, numFmt: FMT.usd, value: (x) => num(x.comision) },
    {
      header: m.reporteDesdeCuenta,
      width: 18,
      value: (x) => x.origen ?? (x.tipo === 'retiro' || x.sentido === 'salida' ? m.sinAsignar : null),
    },
    {
      header: m.reporteHaciaCuenta,
      width: 18,
      value: (x) => x.destino ?? (x.tipo === 'aporte' || x.sentido === 'entrada' ? m.sinAsignar : null),
    },
    { header: m.reporteMiembro, width: 16, value: (x) => x.miembro },
    { header: m.reporteTasa, width: 14, numFmt: FMT.rate, value: (x) => num(x.tasa, 4) },
    { header: m.reporteRegistradoPor, width: 18, value: (x) => x.autor ?? m.deletedUser },
    { header: m.reporteNotas, width: 40, value: (x) => x.notas },
  ];
}
