import { sql } from 'drizzle-orm';
import { addDays, Big, monthRange, roundHalfUp, todayKey, toFixedString, type RowMargins } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { computeLedgerDay } from '../balances/day-balances.ts';
import { cuentasDayFigures } from '../cuentas/cuentas-day.ts';
import { monthCuentas, type MonthCuenta } from './month-cuentas.ts';
import { monthMovimientos, type MonthMovimiento } from './month-movimientos.ts';
import { averageMarginText, rowMarginsOf, rowMarginText } from './month-margins.ts';
import { ratesOfDays, type DayRates } from './month-rates.ts';
import { sociosDelMes, type SociosSeccion } from './month-socios.ts';

/** One operation of the month (the Operaciones sheet), exact decimal text as the day screens show it. */
export interface MonthOperacion {
  fecha: string;
  ocurrido_en: string;
  venta: string;
  tasa_venta: string;
  bs_recibidos: string;
  compra: string;
  tasa_compra: string;
  bs_pagados: string;
  ganancia_ves: string;
  ganancia_usd: string;
  comision_usd: string;
  cuenta_ves: string | null;
  cuenta_usd: string | null;
  origen: 'manual' | 'binance_p2p';
  referencia: string | null;
  autor: string | null;
  verificada: boolean;
  notas: string | null;
  /** The parallel rate of the row's `mercado` stamp (DESIGN §24); null for a row without one. */
  paralelo_mercado: string | null;
  /** §24's margin against that rate, % with 2 decimals (month-margins.ts); null without a stamp. */
  margen: string | null;
}

/** One day of the month with operations or movements (the Diario sheet). */
export interface MonthDia {
  fecha: string;
  operaciones: number;
  venta: string;
  compra: string;
  tasa_venta_promedio: string;
  tasa_compra_promedio: string;
  /** tasa_venta_promedio / tasa_compra_promedio − 1, in % (2 dp); null without both sides. */
  spread: string | null;
  ganancia_ves: string;
  ganancia_usd: string;
  comisiones: string;
  saldo_ves: string;
  saldo_usd: string;
  rates: DayRates;
  /** §24's USD-weighted margin of the day's rows vs their stamped paralelo, % (2 dp); null when none is stamped. */
  margen: string | null;
}

/** Equity at one end of the month (DESIGN §22): USD + Bs ÷ the day's parallel rate; null without a rate. */
export interface Patrimonio {
  fecha: string;
  tasa: string | null;
  usd: string | null;
}

export interface MonthReport {
  ledgerName: string;
  mes: string;
  desde: string;
  hasta: string;
  usesCuentas: boolean;
  resumen: {
    operaciones: number;
    venta: string;
    compra: string;
    tasa_venta_promedio: string;
    tasa_compra_promedio: string;
    ganancia_ves: string;
    ganancia_usd: string;
    comisiones: string;
    mov_netos_ves: string;
    mov_netos_usd: string;
    saldo_inicial_ves: string;
    saldo_inicial_usd: string;
    saldo_final_ves: string;
    saldo_final_usd: string;
    patrimonio_inicial: Patrimonio;
    patrimonio_final: Patrimonio;
    /** §24's USD-weighted margin of the month's rows vs their stamped paralelo, % (2 dp); null when none is stamped. */
    margen_promedio: string | null;
  };
  dias: MonthDia[];
  operaciones: MonthOperacion[];
  cuentas: MonthCuenta[];
  movimientos: MonthMovimiento[];
  socios: SociosSeccion;
  /** §13's per-author realized profit, labelled "Ganancia realizada por autor" (DESIGN §28). */
  autores: Array<{ nombre: string | null; operaciones: number; ganancia_usd: string }>;
}

/** Days computed at once: each is a few indexed reads; more would only queue on the pool. */
const DAY_CONCURRENCY = 4;

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const pct = (ratio: Big): string => toFixedString(roundHalfUp(ratio.minus(1).times(100), 2), 2);

function patrimonio(fecha: string, ves: string, usd: string, tasa: string | null): Patrimonio {
  if (!tasa || new Big(tasa).eq(0)) return { fecha, tasa: null, usd: null };
  // Rounded half-up to cents once, from the unrounded sum (DESIGN §22).
  return { fecha, tasa, usd: toFixedString(new Big(usd).plus(new Big(ves).div(tasa)), 2) };
}

/**
 * Everything a month's report shows (DESIGN §25, docs/product.md#reportes), read before the file
 * starts so a failure is still a clean JSON error. Each day with operations or movements is
 * computed by the same code as the day screen and the day export (computeLedgerDay), so the
 * month's figures are the sums of what the days show; the month's totals are sums of those days.
 */
export async function loadMonthReport(
  db: Db,
  ledger: { id: string; name: string },
  mes: string,
  timeZone: string,
  /** `now` fixes "today" (the preview ends by it); `socios: false` skips the settlement (the page's JSON has no use for it). */
  opts: { now?: Date; socios?: boolean } = {},
): Promise<MonthReport> {
  const { desde, hasta } = monthRange(mes);
  const active = await db.execute<{ fecha: string }>(sql`
    select fecha::text as fecha from ledger_day_totals
    where ledger_id = ${ledger.id} and fecha between ${desde}::date and ${hasta}::date and (transaction_count > 0 or movement_count > 0)
    order by fecha`);
  const activeDays = active.rows.map((r) => r.fecha);
  // The month's last day is always computed: its closing is the month's, active or not.
  const days = activeDays.at(-1) === hasta ? activeDays : [...activeDays, hasta];
  const [computed, cuentas, movimientos, socios, rates, names] = await Promise.all([
    mapLimited(days, DAY_CONCURRENCY, (d) => computeLedgerDay(db, ledger.id, d)),
    monthCuentas(db, ledger.id, desde, hasta),
    monthMovimientos(db, ledger.id, desde, hasta),
    opts.socios === false
      ? { periodos: [], resultados: [] }
      : sociosDelMes(db, ledger.id, desde, hasta, timeZone, todayKey(timeZone, opts.now ?? new Date())),
    ratesOfDays(db, desde, hasta, timeZone),
    db.execute<{ id: string; nombre: string }>(sql`select id::text as id, nombre from cuentas where ledger_id = ${ledger.id}`),
  ]);
  const cuentaName = new Map(names.rows.map((r) => [r.id, r.nombre]));
  const nameOf = (id: string | null) => (id ? (cuentaName.get(id) ?? null) : null);

  const dias: MonthDia[] = [];
  const operaciones: MonthOperacion[] = [];
  const monthMargins: RowMargins[] = [];
  const autores = new Map<string, { nombre: string | null; operaciones: number; ganancia: Big }>();
  const t = {
    venta: new Big(0),
    compra: new Big(0),
    recibidos: new Big(0),
    pagados: new Big(0),
    gVes: new Big(0),
    gUsd: new Big(0),
    com: new Big(0),
    movVes: new Big(0),
    movUsd: new Big(0),
  };
  let closing = { ves: '0', usd: '0' };
  for (const [i, data] of computed.entries()) {
    // One day's rows at a time, then the event loop goes to other requests (decision 0050).
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const fecha = days[i]!;
    const { day, cuentas: raw } = data;
    const f = cuentasDayFigures(raw, {
      disponible_ves: day.resumen.saldo_disponible_ves,
      disponible_usd: day.resumen.saldo_disponible_usd,
      verificado_ves: day.saldos_actuales.saldo_ves_actual,
      verificado_usd: day.saldos_actuales.saldo_usd_actual,
    });
    closing = { ves: f.disponible_ves, usd: f.disponible_usd };
    if (!activeDays.includes(fecha)) continue;
    let comisiones = new Big(0);
    const dayMargins: RowMargins[] = [];
    for (const r of day.transacciones_con_acumulados) {
      const rm = rowMarginsOf(r);
      dayMargins.push(rm);
      comisiones = comisiones.plus(r.comision_usd);
      t.recibidos = t.recibidos.plus(r.bs_recibidos);
      t.pagados = t.pagados.plus(r.bs_pagados);
      const key = r.created_by ?? '';
      const a = autores.get(key) ?? { nombre: r.author_name, operaciones: 0, ganancia: new Big(0) };
      a.operaciones++;
      a.ganancia = a.ganancia.plus(r.ganancia_transaccion_usd);
      autores.set(key, a);
      operaciones.push({
        fecha,
        ocurrido_en: r.ocurrido_en,
        venta: r.venta,
        tasa_venta: r.tasa_venta,
        bs_recibidos: r.bs_recibidos,
        compra: r.compra,
        tasa_compra: r.tasa_compra,
        bs_pagados: r.bs_pagados,
        ganancia_ves: r.ganancia_transaccion_ves,
        ganancia_usd: r.ganancia_transaccion_usd,
        comision_usd: r.comision_usd,
        cuenta_ves: nameOf(r.cuenta_ves_id),
        cuenta_usd: nameOf(r.cuenta_usd_id),
        origen: r.origen,
        referencia: r.referencia,
        autor: r.author_name,
        verificada: r.esta_verificada,
        notas: r.notas,
        paralelo_mercado: r.mercado_paralelo,
        margen: rowMarginText(rm),
      });
    }
    const res = day.resumen;
    const tv = new Big(day.promedios.tasa_venta_promedio);
    const tc = new Big(day.promedios.tasa_compra_promedio);
    t.venta = t.venta.plus(res.venta_total);
    t.compra = t.compra.plus(res.compra_total);
    t.gVes = t.gVes.plus(res.ganancia_total_ves);
    t.gUsd = t.gUsd.plus(res.ganancia_total_usd);
    t.com = t.com.plus(comisiones);
    t.movVes = t.movVes.plus(raw.netos_ves);
    t.movUsd = t.movUsd.plus(raw.netos_usd);
    dias.push({
      fecha,
      operaciones: day.transacciones_con_acumulados.length,
      venta: res.venta_total,
      compra: res.compra_total,
      tasa_venta_promedio: day.promedios.tasa_venta_promedio,
      tasa_compra_promedio: day.promedios.tasa_compra_promedio,
      spread: tv.gt(0) && tc.gt(0) ? pct(tv.div(tc)) : null,
      ganancia_ves: res.ganancia_total_ves,
      ganancia_usd: res.ganancia_total_usd,
      comisiones: toFixedString(comisiones),
      saldo_ves: f.disponible_ves,
      saldo_usd: f.disponible_usd,
      rates: rates.get(fecha) ?? { oficial: null, paralelo: null },
      margen: averageMarginText(dayMargins),
    });
    monthMargins.push(...dayMargins);
  }

  // The month opens with the first day's base (carried from the day before, or set by hand that day).
  const first = days[0] === desde ? computed[0]! : await computeLedgerDay(db, ledger.id, desde);
  const opening = { ves: toFixedString(new Big(first.base.saldo_base_ves), 2), usd: toFixedString(new Big(first.base.saldo_base_usd), 2) };
  const eve = addDays(desde, -1);
  const rateBefore = (await ratesOfDays(db, eve, eve, timeZone)).get(eve);
  // Amount-weighted, as the day's promedios (summarizeDay): Σ Bs ÷ Σ USD, 4 dp.
  const safeRatio = (num: Big, den: Big) => (den.eq(0) ? '0.0000' : toFixedString(num.div(den), 4));
  return {
    ledgerName: ledger.name,
    mes,
    desde,
    hasta,
    usesCuentas: computed[0]!.cuentas.uses,
    resumen: {
      operaciones: operaciones.length,
      venta: toFixedString(t.venta, 2),
      compra: toFixedString(t.compra, 2),
      tasa_venta_promedio: safeRatio(t.recibidos, t.venta),
      tasa_compra_promedio: safeRatio(t.pagados, t.compra),
      ganancia_ves: toFixedString(t.gVes, 2),
      ganancia_usd: toFixedString(t.gUsd, 2),
      comisiones: toFixedString(t.com),
      mov_netos_ves: toFixedString(t.movVes, 2),
      mov_netos_usd: toFixedString(t.movUsd, 2),
      saldo_inicial_ves: opening.ves,
      saldo_inicial_usd: opening.usd,
      saldo_final_ves: closing.ves,
      saldo_final_usd: closing.usd,
      // The opening is valued at the rate known before the month began (the carried rate of desde's eve).
      patrimonio_inicial: patrimonio(eve, opening.ves, opening.usd, rateBefore?.paralelo ?? null),
      patrimonio_final: patrimonio(hasta, closing.ves, closing.usd, rates.get(hasta)?.paralelo ?? null),
      margen_promedio: averageMarginText(monthMargins),
    },
    dias,
    operaciones,
    cuentas,
    movimientos,
    socios,
    autores: [...autores.values()]
      .map((a) => ({ nombre: a.nombre, operaciones: a.operaciones, ganancia_usd: toFixedString(a.ganancia, 2) }))
      .sort((x, y) => (x.nombre ?? '').localeCompare(y.nombre ?? '', 'es')),
  };
}
