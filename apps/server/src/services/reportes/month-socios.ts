import { sql } from 'drizzle-orm';
import { addDays, Big, formatDayShort, tr, type LiquidacionResponse } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { computeLiquidacion } from '../socios/liquidacion-service.ts';

/**
 * One period of the Socios sheet: a closed liquidación as stored, or the preview of the month's
 * unsettled days ("sin cerrar"); `liquidacion` is null when a rate was missing (`faltaTasa` says which day).
 */
export interface SociosPeriodo {
  desde: string;
  hasta: string;
  cerrado: boolean;
  liquidacion: LiquidacionResponse | null;
  /** "Falta la tasa del {fecha}" (DESIGN §28): the preview's 422 TASA_REQUERIDA, written instead of failing the report. */
  faltaTasa: string | null;
}

/** The Socios sheet's content (DESIGN §25, §28) and the Resumen's "Resultado por socio" (§22's resultado_usd). */
export interface SociosSeccion {
  periodos: SociosPeriodo[];
  /** Per member, Σ resultado_usd of the periods shown (exact decimal text), in the periods' order of appearance. */
  resultados: Array<{ userId: string; nombre: string; ex_miembro: boolean; resultado_usd: string }>;
}

/**
 * The month's settlement (DESIGN §28): every closed liquidación overlapping the month, as stored
 * (its figures are locked); and when none covers the month's end, the preview (the socios service's
 * own computation, never re-implemented here) from the first of the month — or the day after the
 * last closed one — to min(month end, today), marked "sin cerrar".
 */
export async function sociosDelMes(
  db: Db,
  ledgerId: string,
  desde: string,
  hasta: string,
  timeZone: string,
  today: string,
): Promise<SociosSeccion> {
  const stored = await db.execute<{ desde: string; hasta: string; datos: LiquidacionResponse }>(sql`
    select desde::text as desde, hasta::text as hasta, datos from liquidaciones
    where ledger_id = ${ledgerId} and desde <= ${hasta}::date and hasta >= ${addDays(desde, -1)}::date
    order by desde`);
  // The closed one ending on the month's eve only says where the preview starts; it is not shown.
  const lastEnd = stored.rows.at(-1)?.hasta;
  const periodos: SociosPeriodo[] = stored.rows
    .filter((p) => p.hasta >= desde)
    .map((p) => ({ desde: p.desde, hasta: p.hasta, cerrado: true, liquidacion: p.datos, faltaTasa: null }));
  const pDesde = lastEnd && lastEnd >= desde ? addDays(lastEnd, 1) : desde;
  const pHasta = hasta < today ? hasta : today;
  if (pDesde <= pHasta) periodos.push(await preview(db, ledgerId, pDesde, pHasta, timeZone));
  return { periodos, resultados: resultadosPorSocio(periodos) };
}

async function preview(db: Db, ledgerId: string, desde: string, hasta: string, timeZone: string): Promise<SociosPeriodo> {
  try {
    const liquidacion = await computeLiquidacion(db, ledgerId, { desde, hasta }, timeZone);
    return { desde, hasta, cerrado: false, liquidacion, faltaTasa: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'TASA_REQUERIDA') throw err;
    // Which end lacked its rate: the opening is valued on the eve of `desde`, the closing on `hasta`.
    const fecha = err.fields?.tasa_inicial ? addDays(desde, -1) : hasta;
    return { desde, hasta, cerrado: false, liquidacion: null, faltaTasa: tr('reporteFaltaTasa', { fecha: formatDayShort(fecha) }) };
  }
}

function resultadosPorSocio(periodos: readonly SociosPeriodo[]): SociosSeccion['resultados'] {
  const acc = new Map<string, { nombre: string; ex_miembro: boolean; total: Big }>();
  for (const p of periodos)
    for (const s of p.liquidacion?.socios ?? []) {
      const a = acc.get(s.userId) ?? { nombre: s.user_name, ex_miembro: false, total: new Big(0) };
      a.total = a.total.plus(new Big(s.resultado_usd));
      a.ex_miembro = s.ex_miembro === true;
      acc.set(s.userId, a);
    }
  return [...acc.entries()].map(([userId, a]) => ({
    userId,
    nombre: a.nombre,
    ex_miembro: a.ex_miembro,
    resultado_usd: a.total.toFixed(2),
  }));
}
