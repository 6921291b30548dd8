import { sql } from 'drizzle-orm';
import { messages as m } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { computeLedgerDay } from '../balances/day-balances.ts';
import { cuentasDayFigures } from '../cuentas/cuentas-day.ts';
import type { DailyWorkbookInput } from './daily-workbook.ts';

/** `arbitraje-{ledger name or 'registro'}-{fecha}.xlsx`, the name made safe for any file system (docs/product.md#rates-and-export). */
export function exportFileName(ledgerName: string, fecha: string): string {
  return reportFileName(ledgerName, fecha, 'xlsx');
}

/** `arbitraje-{ledger name or 'registro'}-{stamp}.{ext}`: the day export's and the monthly reports' (DESIGN §25) one file-name rule. */
export function reportFileName(ledgerName: string, stamp: string, ext: 'xlsx' | 'pdf'): string {
  const safe = ledgerName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80);
  return `arbitraje-${safe || 'registro'}-${stamp}.${ext}`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name as RFC 5987 `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '-');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * What the day's file is made of (daily-workbook.ts), read on the main thread before the answer
 * starts, so "no transactions" is still a clean 404: the day as the day screen computes it
 * (computeLedgerDay) and the accounts' names, picked down to the plain fields the sheet writes —
 * the writing itself runs in an export worker (export-pool.ts, decision 0057).
 */
export async function loadDailyExport(
  db: DbOrTx,
  ledger: { id: string; name: string },
  fecha: string,
  timeZone: string,
): Promise<DailyWorkbookInput> {
  const { base, day, cuentas } = await computeLedgerDay(db, ledger.id, fecha);
  if (day.transacciones_con_acumulados.length === 0 && cuentas.movimientos.length === 0)
    throw new AppError('NO_TRANSACTIONS', m.exportNoTransactions);
  const names = cuentas.uses
    ? (await db.execute<{ id: string; nombre: string }>(sql`select id::text as id, nombre from cuentas where ledger_id = ${ledger.id}`))
        .rows
    : [];
  // The day's available balances include its movements (docs/product.md#cuentas-y-movimientos).
  const f = cuentasDayFigures(cuentas, {
    disponible_ves: day.resumen.saldo_disponible_ves,
    disponible_usd: day.resumen.saldo_disponible_usd,
    verificado_ves: day.saldos_actuales.saldo_ves_actual,
    verificado_usd: day.saldos_actuales.saldo_usd_actual,
  });
  return {
    ledgerName: ledger.name,
    fecha,
    timeZone,
    base: {
      saldo_base_ves: base.saldo_base_ves,
      saldo_base_usd: base.saldo_base_usd,
      heredado_ves: base.heredado_ves,
      heredado_usd: base.heredado_usd,
    },
    rows: day.transacciones_con_acumulados.map((r) => ({
      ocurrido_en: r.ocurrido_en,
      venta: r.venta,
      tasa_venta: r.tasa_venta,
      bs_recibidos: r.bs_recibidos,
      compra: r.compra,
      tasa_compra: r.tasa_compra,
      bs_pagados: r.bs_pagados,
      ganancia_transaccion_ves: r.ganancia_transaccion_ves,
      ganancia_transaccion_usd: r.ganancia_transaccion_usd,
      ganancia_acumulada_usd_hasta_esta_transaccion: r.ganancia_acumulada_usd_hasta_esta_transaccion,
      esta_verificada: r.esta_verificada,
      notas: r.notas,
      author_name: r.author_name,
      comision_usd: r.comision_usd,
      origen: r.origen,
      referencia: r.referencia,
      cuenta_ves_id: r.cuenta_ves_id,
      cuenta_usd_id: r.cuenta_usd_id,
    })),
    resumen: {
      venta_total: day.resumen.venta_total,
      compra_total: day.resumen.compra_total,
      ganancia_total_ves: day.resumen.ganancia_total_ves,
      ganancia_total_usd: day.resumen.ganancia_total_usd,
    },
    promedios: { tasa_venta_promedio: day.promedios.tasa_venta_promedio, tasa_compra_promedio: day.promedios.tasa_compra_promedio },
    usesCuentas: cuentas.uses,
    cuentaNames: Object.fromEntries(names.map((r) => [r.id, r.nombre])),
    movimientos: cuentas.movimientos.map((x) => ({
      ocurrido_en: x.ocurrido_en,
      tipo: x.tipo,
      moneda: x.moneda,
      monto: x.monto,
      comision: x.comision,
      cuenta_origen_id: x.cuenta_origen_id,
      cuenta_destino_id: x.cuenta_destino_id,
      notas: x.notas,
    })),
    netos: { ves: cuentas.netos_ves, usd: cuentas.netos_usd },
    saldos: {
      disponible_ves: f.disponible_ves,
      disponible_usd: f.disponible_usd,
      verificado_ves: f.verificado_ves,
      verificado_usd: f.verificado_usd,
    },
  };
}
