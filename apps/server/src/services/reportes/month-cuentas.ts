import { sql } from 'drizzle-orm';
import { Big, toFixedString } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/** One account over the month (the Cuentas sheet), exact decimal text. */
export interface MonthCuenta {
  id: string;
  nombre: string;
  moneda: 'VES' | 'USD';
  tipo: string;
  titular: string | null;
  archivada: boolean;
  apertura: string;
  entradas: string;
  salidas: string;
  cierre: string;
  cuadre: { fecha: string; saldo_real: string; diferencia: string } | null;
}

/**
 * Every account with a balance or a flow in the month (archived ones too, DESIGN §28): its balance
 * at the end of the day before `desde`, what came in and went out by `hasta` (cuenta_day_totals,
 * the same sums as the Cuentas page), its closing and its last cuadre on or before `hasta`.
 */
export async function monthCuentas(db: DbOrTx, ledgerId: string, desde: string, hasta: string): Promise<MonthCuenta[]> {
  const r = await db.execute<{
    id: string;
    nombre: string;
    moneda: 'VES' | 'USD';
    tipo: string;
    titular: string | null;
    archivada: boolean;
    apertura: string;
    entradas: string;
    salidas: string;
    q_fecha: string | null;
    q_real: string | null;
    q_dif: string | null;
  }>(sql`
    select c.id::text as id, c.nombre, c.moneda, c.tipo, tu.user_name as titular, c.archivada,
      coalesce(s.apertura, 0)::text as apertura, coalesce(s.entradas, 0)::text as entradas, coalesce(s.salidas, 0)::text as salidas,
      lc.fecha::text as q_fecha, lc.saldo_real::text as q_real, lc.diferencia::text as q_dif
    from cuentas c left join users tu on tu.id = c.titular_id
    left join lateral (
      select sum(t.entra - t.sale) filter (where t.fecha < ${desde}::date) as apertura,
        sum(t.entra) filter (where t.fecha between ${desde}::date and ${hasta}::date) as entradas,
        sum(t.sale) filter (where t.fecha between ${desde}::date and ${hasta}::date) as salidas
      from cuenta_day_totals t where t.ledger_id = c.ledger_id and t.cuenta_id = c.id and t.fecha <= ${hasta}::date) s on true
    left join lateral (
      select q.fecha, q.saldo_real, q.diferencia from cuadres q
      where q.cuenta_id = c.id and q.fecha <= ${hasta}::date order by q.fecha desc, q.created_at desc limit 1) lc on true
    where c.ledger_id = ${ledgerId}
      and (not c.archivada or coalesce(s.apertura, 0) <> 0 or coalesce(s.entradas, 0) <> 0 or coalesce(s.salidas, 0) <> 0)
    order by c.moneda desc, c.nombre_clave, c.id`);
  return r.rows.map((x) => ({
    id: x.id,
    nombre: x.nombre,
    moneda: x.moneda,
    tipo: x.tipo,
    titular: x.titular,
    archivada: x.archivada,
    apertura: x.apertura,
    entradas: x.entradas,
    salidas: x.salidas,
    // Closing = opening + in − out, exact: the same sum as the account's balance at the end of `hasta`.
    cierre: toFixedString(new Big(x.apertura).plus(x.entradas).minus(x.salidas)),
    cuadre: x.q_fecha ? { fecha: x.q_fecha, saldo_real: x.q_real ?? '0', diferencia: x.q_dif ?? '0' } : null,
  }));
}
