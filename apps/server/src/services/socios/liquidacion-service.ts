import { sql } from 'drizzle-orm';
import {
  addDays,
  Big,
  calcularLiquidacion,
  formatDayShort,
  messages,
  REPARTO_POR_DEFECTO,
  t,
  todayKey,
  type LiquidacionCerrada,
  type LiquidacionesResponse,
  type LiquidacionQuery,
  type LiquidacionResponse,
  type ResultadoLiquidacion,
  type TasaLiquidacion,
} from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureAvgCostStates } from '../avg-cost/avg-cost-states.ts';
import { ledgerMethod } from '../avg-cost/realized.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { liquidacionLockKey } from './closed-days.ts';
import {
  availableAt,
  baseJumps,
  capitalMovements,
  closedPeriods,
  holdingsAt,
  ledgerRules,
  personas,
  rateOfDay,
  realizedProfit,
  type ClosedPeriod,
} from './liquidacion-inputs.ts';

/**
 * Socios: the settlement of a period (docs/product.md#socios-y-liquidacion, DESIGN §22/§28). The
 * preview gathers the figures (liquidacion-inputs.ts) and hands them to the shared pure module;
 * closing stores that answer under the ledger's exclusive settlement lock, so no write commits
 * into the period while it closes (migration 0022's triggers take the same lock shared).
 */

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

const n2 = (v: string) => Number(new Big(v).toFixed(2));

/** The shared module's exact text figures as the API's numbers at their scale. */
function toJson(r: ResultadoLiquidacion): Omit<LiquidacionResponse, 'desde' | 'hasta' | 'tasas' | 'cerrado'> {
  return {
    patrimonio_inicial_usd: n2(r.patrimonio_inicial_usd),
    patrimonio_final_usd: n2(r.patrimonio_final_usd),
    aportes_usd: n2(r.aportes_usd),
    retiros_usd: n2(r.retiros_usd),
    resultado_usd: n2(r.resultado_usd),
    ganancia_realizada_usd: n2(r.ganancia_realizada_usd),
    comision_operador_usd: n2(r.comision_operador_usd),
    socios: r.socios.map((s) => ({
      userId: s.userId,
      user_name: s.user_name,
      ex_miembro: s.ex_miembro,
      capital_inicial_usd: n2(s.capital_inicial_usd),
      aportes_usd: n2(s.aportes_usd),
      retiros_usd: n2(s.retiros_usd),
      participacion: Number(s.participacion),
      resultado_usd: n2(s.resultado_usd),
      capital_final_usd: n2(s.capital_final_usd),
      en_su_poder_usd: n2(s.en_su_poder_usd),
      diferencia_usd: n2(s.diferencia_usd),
    })),
    sin_titular_usd: n2(r.sin_titular_usd),
    capital_sin_registrar_usd: n2(r.capital_sin_registrar_usd),
    transferencias: r.transferencias.map((x) => ({
      de: x.de,
      a: x.a,
      monto_usd: n2(x.monto_usd),
      monto_ves: x.monto_ves === null ? null : n2(x.monto_ves),
    })),
    ajustes_de_base: r.ajustes_de_base.map((a) => ({ fecha: a.fecha, ves: n2(a.ves), usd: n2(a.usd) })),
    avisos: r.avisos,
  };
}

const tasaJson = (tasa: string | null, fuente: TasaLiquidacion['fuente'], fecha: string | null): TasaLiquidacion => ({
  tasa: tasa === null ? null : Number(new Big(tasa).toFixed(4)),
  fuente: tasa === null ? null : fuente,
  fecha: tasa === null ? null : fecha,
});

/**
 * The preview of a period (GET …/liquidacion), computed fresh. Exported for the monthly reports
 * (their "Socios" sheet): call it with any DbOrTx; under costo_promedio call
 * `ensureAvgCostStates(db, ledgerId)` first (computeLiquidacion does), or the realized profit may lag.
 * Throws AppError TASA_REQUERIDA (422) when bolívares at either end have no rate.
 */
export async function computeLiquidacionOn(
  db: DbOrTx,
  ledgerId: string,
  q: LiquidacionQuery,
  timeZone: string,
  closed?: ClosedPeriod[],
): Promise<LiquidacionResponse> {
  const periods = closed ?? (await closedPeriods(db, ledgerId));
  const exact = periods.find((p) => p.desde === q.desde && p.hasta === q.hasta);
  const previous = periods.find((p) => p.hasta === addDays(q.desde, -1));
  if (previous && q.tasa_inicial !== undefined && (previous.tasa_final === null || !new Big(q.tasa_inicial).eq(previous.tasa_final)))
    throw new AppError('VALIDATION_ERROR', messages.periodoTasaInicial, { tasa_inicial: messages.periodoTasaInicial });
  const dayBefore = addDays(q.desde, -1);
  // One after the other: inside the closing's transaction they share one connection.
  const rules = await ledgerRules(db, ledgerId);
  const inicial = await availableAt(db, ledgerId, dayBefore);
  const tenencias = await holdingsAt(db, ledgerId, q.hasta);
  const movimientos = await capitalMovements(db, ledgerId, q.desde, q.hasta);
  const jumps = await baseJumps(db, ledgerId, q.desde, q.hasta);
  const rateIni = q.tasa_inicial !== undefined || previous ? null : await rateOfDay(db, dayBefore, timeZone);
  const rateFin = q.tasa_final !== undefined ? null : await rateOfDay(db, q.hasta, timeZone);
  if (!rules) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  const ganancia = await realizedProfit(db, ledgerId, rules.metodo, q.desde, q.hasta);

  // Rates (DESIGN §22, §28): given → manual; joined to a closed period → its stored final rate.
  let tasaIni: TasaLiquidacion;
  let tasaInicial: string | null;
  if (q.tasa_inicial !== undefined) {
    tasaInicial = q.tasa_inicial;
    tasaIni = tasaJson(tasaInicial, 'manual', dayBefore);
  } else if (previous) {
    tasaInicial = previous.tasa_final;
    tasaIni = tasaJson(tasaInicial, (previous.fuente_final as TasaLiquidacion['fuente']) ?? 'paralelo', previous.fecha_tasa_final);
  } else {
    tasaInicial = rateIni?.tasa ?? null;
    tasaIni = tasaJson(tasaInicial, 'paralelo', rateIni?.fecha ?? null);
  }
  const tasaFinal = q.tasa_final ?? rateFin?.tasa ?? null;
  const tasaFin = tasaJson(
    tasaFinal,
    q.tasa_final !== undefined ? 'manual' : 'paralelo',
    q.tasa_final !== undefined ? q.hasta : (rateFin?.fecha ?? null),
  );

  // No rate for a day with bolívares → 422 naming the day (DESIGN §22).
  if (!previous && tasaInicial === null && !new Big(inicial.ves).eq(0))
    throw new AppError('TASA_REQUERIDA', t('liquidacionTasaRequerida', { fecha: formatDayShort(dayBefore) }), {
      tasa_inicial: messages.tasaRequerida,
    });
  if (tasaFinal === null && tenencias.some((h) => !new Big(h.ves).eq(0)))
    throw new AppError('TASA_REQUERIDA', t('liquidacionTasaRequerida', { fecha: formatDayShort(q.hasta) }), {
      tasa_final: messages.tasaRequerida,
    });

  // DESIGN §28 "Capital against the period": closed results whose hasta < desde.
  const resultadosCerrados = periods
    .filter((p) => p.hasta < q.desde)
    .flatMap((p) => p.resultados.map((r) => ({ userId: r.userId, resultadoUsd: new Big(r.resultado_usd).toFixed(2) })));
  const reparto = rules.reparto ?? REPARTO_POR_DEFECTO;
  const named = [
    ...movimientos.map((m) => m.userId),
    ...resultadosCerrados.map((r) => r.userId),
    ...tenencias.flatMap((h) => (h.titularId ? [h.titularId] : [])),
    ...(reparto.porcentajes ?? []).map((p) => p.userId),
    ...(reparto.operador ? [reparto.operador.userId] : []),
  ];
  const gente = await personas(db, ledgerId, [...new Set(named)]);

  const result = calcularLiquidacion({
    desde: q.desde,
    hasta: q.hasta,
    tasaInicial,
    tasaFinal,
    saldoInicial: inicial,
    patrimonioInicialUsd: previous ? previous.patrimonio_final_usd : null,
    tenencias,
    personas: gente,
    movimientos,
    resultadosCerrados,
    reparto,
    gananciaRealizadaUsd: ganancia,
    ajustesDeBase: jumps,
  });
  return { desde: q.desde, hasta: q.hasta, tasas: { inicial: tasaIni, final: tasaFin }, ...toJson(result), cerrado: exact !== undefined };
}

/**
 * GET …/liquidacion (members; writes nothing). A period stored exactly as asked answers what was
 * stored when it closed (its figures are locked), unless rates are given.
 */
export async function previewLiquidacion(ctx: Ctx, userId: string, ledgerId: string, q: LiquidacionQuery): Promise<LiquidacionResponse> {
  await loadMembership(ctx.db, ledgerId, userId);
  if (q.tasa_inicial === undefined && q.tasa_final === undefined) {
    const stored = await ctx.db.execute<{ datos: LiquidacionResponse }>(
      sql`select datos from liquidaciones where ledger_id = ${ledgerId} and desde = ${q.desde}::date and hasta = ${q.hasta}::date`,
    );
    if (stored.rows[0]) return stored.rows[0].datos;
  }
  return computeLiquidacion(ctx.db, ledgerId, q, ctx.config.APP_TIMEZONE);
}

/** The preview for a range with fresh average-cost states: the entry point for other services (reports). */
export async function computeLiquidacion(db: Db, ledgerId: string, q: LiquidacionQuery, timeZone: string): Promise<LiquidacionResponse> {
  await freshRealized(db, ledgerId);
  return computeLiquidacionOn(db, ledgerId, q, timeZone);
}

/** Under costo_promedio the realized profit reads the stored states: made fresh first (never needed per operation). */
async function freshRealized(db: Db, ledgerId: string): Promise<void> {
  if ((await ledgerMethod(db, ledgerId)) === 'costo_promedio') await ensureAvgCostStates(db, ledgerId);
}

/** What a closed period's activity row keeps (the figures the Telegram notice and the history name). */
const summary = (l: LiquidacionResponse) => ({
  desde: l.desde,
  hasta: l.hasta,
  resultado_usd: l.resultado_usd,
  transferencias: l.transferencias.length,
});

/**
 * POST …/liquidaciones (owner): under the ledger's exclusive settlement lock, checks the period
 * joins the previous one (409 PERIODO_INVALIDO) and ends by today (400), computes the preview
 * and stores it; from the commit on, its days refuse every change (409 PERIODO_CERRADO).
 */
export async function closeLiquidacion(ctx: Ctx, actor: Actor, ledgerId: string, q: LiquidacionQuery): Promise<LiquidacionCerrada> {
  await freshRealized(ctx.db, ledgerId);
  return ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    const today = todayKey(ctx.config.APP_TIMEZONE, actor.access.now ?? new Date());
    if (q.hasta > today) throw new AppError('VALIDATION_ERROR', messages.periodoFuturo, { hasta: messages.periodoFuturo });
    await tx.execute(sql`select pg_advisory_xact_lock(${liquidacionLockKey(ledgerId)})`);
    const periods = await closedPeriods(tx, ledgerId);
    const last = periods.at(-1);
    if (last && q.desde !== addDays(last.hasta, 1)) throw new AppError('PERIODO_INVALIDO', messages.periodoInvalido);
    const liquidacion = await computeLiquidacionOn(tx, ledgerId, q, ctx.config.APP_TIMEZONE, periods);
    liquidacion.cerrado = true;
    const inserted = await tx.execute<{ id: string; created_at: string; user_name: string }>(sql`
      insert into liquidaciones (ledger_id, desde, hasta, tasa_inicial, fuente_inicial, tasa_final, fuente_final, fecha_tasa_final,
        patrimonio_final_usd, datos, created_by)
      values (${ledgerId}, ${q.desde}::date, ${q.hasta}::date, ${liquidacion.tasas.inicial.tasa}, ${liquidacion.tasas.inicial.fuente},
        ${liquidacion.tasas.final.tasa}, ${liquidacion.tasas.final.fuente}, ${liquidacion.tasas.final.fecha}::date,
        ${new Big(liquidacion.patrimonio_final_usd).toFixed(2)}, ${JSON.stringify(liquidacion)}::jsonb, ${actor.user.id})
      returning id::text, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        (select user_name from users where id = ${actor.user.id}) as user_name`);
    const row = inserted.rows[0]!;
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LIQUIDACION_CERRADA',
      entityId: row.id,
      fecha: q.hasta,
      after: summary(liquidacion),
    });
    emit({
      event: 'balance-updated',
      ledgerId,
      type: 'LIQUIDACION_CERRADA',
      fecha: q.desde,
      fechas: [q.desde, q.hasta],
      byUserId: actor.user.id,
    });
    return {
      id: row.id,
      desde: q.desde,
      hasta: q.hasta,
      creadoPor: { id: actor.user.id, user_name: row.user_name },
      createdAt: row.created_at,
      liquidacion,
    };
  });
}

/** DELETE …/liquidaciones/:lid (owner): reopens the latest closed period only (else 409 PERIODO_INVALIDO). */
export async function reopenLiquidacion(ctx: Ctx, actor: Actor, ledgerId: string, lid: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    await tx.execute(sql`select pg_advisory_xact_lock(${liquidacionLockKey(ledgerId)})`);
    const periods = await closedPeriods(tx, ledgerId);
    const target = periods.find((p) => p.id === lid);
    if (!target) throw new AppError('NOT_FOUND', messages.liquidacionNotFound);
    if (periods.at(-1)!.id !== lid) throw new AppError('PERIODO_INVALIDO', messages.periodoSoloUltimo);
    const before = await tx.execute<{ datos: LiquidacionResponse }>(sql`delete from liquidaciones where id = ${lid} returning datos`);
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LIQUIDACION_REABIERTA',
      entityId: lid,
      fecha: target.hasta,
      before: summary(before.rows[0]!.datos),
    });
    emit({
      event: 'balance-updated',
      ledgerId,
      type: 'LIQUIDACION_REABIERTA',
      fecha: target.desde,
      fechas: [target.desde, target.hasta],
      byUserId: actor.user.id,
    });
  });
}

/** At most this many closed periods are listed (ten years of months; each carries its whole answer). */
const LIST_MAX = 120;

/** GET …/liquidaciones (members): the newest closed periods first (at most LIST_MAX), and the web's default period. */
export async function listLiquidaciones(ctx: Ctx, userId: string, ledgerId: string): Promise<LiquidacionesResponse> {
  await loadMembership(ctx.db, ledgerId, userId);
  const r = await ctx.db.execute<{
    id: string;
    desde: string;
    hasta: string;
    by: string | null;
    by_name: string | null;
    created_at: string;
    datos: LiquidacionResponse;
  }>(sql`
    select l.id::text, l.desde::text, l.hasta::text, l.created_by::text as by, u.user_name as by_name,
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, l.datos
    from liquidaciones l left join users u on u.id = l.created_by
    where l.ledger_id = ${ledgerId} order by l.desde desc limit ${LIST_MAX}`);
  const today = todayKey(ctx.config.APP_TIMEZONE, new Date());
  // One read: the first aporte (the default start before anything is closed) and the first aporte or
  // retiro of a member (capital already registered from that day: 409 CAPITAL_YA_REGISTRADO).
  const first = await ctx.db.execute<{ d: string | null; capital: string | null }>(sql`
    select min(fecha) filter (where tipo = 'aporte')::text as d,
      min(fecha) filter (where miembro_id is not null)::text as capital
    from movimientos where ledger_id = ${ledgerId} and tipo in ('aporte', 'retiro')`);
  const latest = r.rows[0];
  // DESIGN §22: the day after the last closed one, or the first aporte's day. It is never pulled
  // back into a closed period (socios walk: a period closed through today made the default overlap
  // it); when everything up to today is closed, the default is the next day alone, which the page
  // shows but cannot close (hasta ≤ today).
  const firstAporte = first.rows[0]?.d ?? today;
  const desde = latest ? addDays(latest.hasta, 1) : firstAporte > today ? today : firstAporte;
  return {
    liquidaciones: r.rows.map((x) => ({
      id: x.id,
      desde: x.desde,
      hasta: x.hasta,
      creadoPor: x.by && x.by_name !== null ? { id: x.by, user_name: x.by_name } : null,
      createdAt: x.created_at,
      liquidacion: x.datos,
    })),
    sugerido: { desde, hasta: desde > today ? desde : today },
    capitalDesde: first.rows[0]?.capital ?? null,
  };
}
