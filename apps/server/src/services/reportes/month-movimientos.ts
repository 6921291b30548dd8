import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** A movement of the month as the Movimientos sheet writes it (names resolved, exact decimal text). */
export interface MonthMovimiento {
  fecha: string;
  ocurrido_en: string;
  tipo: 'transferencia' | 'aporte' | 'retiro' | 'ajuste';
  moneda: 'VES' | 'USD';
  monto: string;
  comision: string;
  origen: string | null;
  destino: string | null;
  sentido: 'entrada' | 'salida' | null;
  miembro: string | null;
  tasa: string | null;
  notas: string | null;
  autor: string | null;
}

/** The month's movements in the days' order (movimientos_ledger_day_idx), account and member names joined. */
export async function monthMovimientos(db: DbOrTx, ledgerId: string, desde: string, hasta: string): Promise<MonthMovimiento[]> {
  const r = await db.execute<MonthMovimiento & Record<string, unknown>>(sql`
    select m.fecha::text as fecha, to_char(m.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ocurrido_en,
      m.tipo, m.moneda, m.monto::text as monto, m.comision::text as comision, co.nombre as origen, cd.nombre as destino,
      m.sentido, mu.user_name as miembro, m.tasa::text as tasa, m.notas, au.user_name as autor
    from movimientos m
    left join cuentas co on co.id = m.cuenta_origen_id left join cuentas cd on cd.id = m.cuenta_destino_id
    left join users mu on mu.id = m.miembro_id left join users au on au.id = m.created_by
    where m.ledger_id = ${ledgerId} and m.fecha between ${desde}::date and ${hasta}::date
    order by m.fecha, m.ocurrido_en, m.created_at, m.id`);
  return r.rows;
}
