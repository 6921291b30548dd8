import { sql } from 'drizzle-orm';
import { Big, roundHalfUp, toFixedString } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/** One partner's line of the Socios sheet (exact decimal text; `resultado` null until §22's preview is wired in). */
export interface SocioLinea {
  userId: string;
  nombre: string;
  capital_inicial: string;
  aportes: string;
  retiros: string;
  capital_final: string;
  resultado: string | null;
}

/** The Socios sheet's content: §28 wants the month's liquidaciones or a preview marked "sin cerrar". */
export interface SociosSeccion {
  cerrado: boolean;
  desde: string;
  hasta: string;
  socios: SocioLinea[];
  avisos: string[];
}

/**
 * Each partner's registered capital over the month (DESIGN §22 "Capital of a member"): aportes −
 * retiros, a VES movement counted at its own `tasa`, rounded half-up to cents each. This is the
 * hook for §22's liquidación: when its preview function exists, `sociosDelMes` takes its
 * `socios[]` (resultado_usd, capital_final_usd, …) and the closed periods overlapping the month,
 * and the Resumen's "Resultado por socio" reads `resultado` from here; nothing else changes.
 */
export async function sociosDelMes(db: DbOrTx, ledgerId: string, desde: string, hasta: string): Promise<SociosSeccion> {
  const r = await db.execute<{
    user_id: string;
    nombre: string;
    fecha: string;
    tipo: 'aporte' | 'retiro';
    moneda: string;
    monto: string;
    tasa: string | null;
  }>(sql`
    select u.id::text as user_id, u.user_name as nombre, m.fecha::text as fecha, m.tipo, m.moneda, m.monto::text as monto, m.tasa::text as tasa
    from movimientos m join users u on u.id = m.miembro_id
    where m.ledger_id = ${ledgerId} and m.tipo in ('aporte', 'retiro') and m.fecha <= ${hasta}::date
    union all
    select u.id::text, u.user_name, null, null, null, null, null
    from ledger_members lm join users u on u.id = lm.user_id where lm.ledger_id = ${ledgerId}
    union all
    select u.id::text, u.user_name, null, null, null, null, null
    from ledgers l join users u on u.id = l.owner_id where l.id = ${ledgerId}`);
  const acc = new Map<string, { nombre: string; inicial: Big; aportes: Big; retiros: Big }>();
  for (const row of r.rows) {
    let a = acc.get(row.user_id);
    if (!a) acc.set(row.user_id, (a = { nombre: row.nombre, inicial: new Big(0), aportes: new Big(0), retiros: new Big(0) }));
    if (!row.tipo || !row.monto) continue;
    const usd = row.moneda === 'USD' ? new Big(row.monto) : row.tasa ? roundHalfUp(new Big(row.monto).div(row.tasa), 2) : new Big(0);
    const signed = row.tipo === 'aporte' ? usd : usd.neg();
    if (row.fecha! < desde) a.inicial = a.inicial.plus(signed);
    else if (row.tipo === 'aporte') a.aportes = a.aportes.plus(usd);
    else a.retiros = a.retiros.plus(usd);
  }
  const socios = [...acc.entries()]
    .map(([userId, a]) => ({
      userId,
      nombre: a.nombre,
      capital_inicial: toFixedString(a.inicial, 2),
      aportes: toFixedString(a.aportes, 2),
      retiros: toFixedString(a.retiros, 2),
      capital_final: toFixedString(a.inicial.plus(a.aportes).minus(a.retiros), 2),
      resultado: null,
    }))
    .sort((x, y) => x.nombre.localeCompare(y.nombre, 'es') || x.userId.localeCompare(y.userId));
  return { cerrado: false, desde, hasta, socios, avisos: [] };
}
