import { sql } from 'drizzle-orm';
import { formatDayShort, t } from '@arb/shared';
import type { Db } from '../../db/database.ts';

/**
 * The descuadrada re-check of DESIGN §28 (docs/product.md#cuadre): after a committed change that
 * may have moved an account's balance, each account of the ledger with a cuadre is compared again
 * with its latest cuadre (in cents). `descuadre_avisado` holds the state last seen: a flip from
 * cuadrada to descuadrada queues ONE Telegram notice to the titular and to the members with the
 * balance permission who have `cambios` on; it is not repeated until the account is cuadrada
 * again. The flip is one UPDATE, so two instances re-checking at once notify once.
 * Runs after the commit (the per-account totals are kept by deferred triggers, written at commit).
 */
export async function recheckDescuadres(db: Db, ledgerId: string, appUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const flipped = await tx.execute<{ id: string; nombre: string; titular_id: string | null; fecha: string; descuadrada: boolean }>(sql`
      with st as (
        select c.id, lc.fecha, lc.saldo_real <> round(coalesce((
          select sum(t.entra - t.sale) from cuenta_day_totals t where t.ledger_id = c.ledger_id and t.cuenta_id = c.id and t.fecha <= lc.fecha), 0), 2) as descuadrada
        from cuentas c
        join lateral (select q.fecha, q.saldo_real from cuadres q where q.cuenta_id = c.id order by q.fecha desc, q.created_at desc limit 1) lc on true
        where c.ledger_id = ${ledgerId}
      )
      update cuentas c set descuadre_avisado = st.descuadrada from st
      where c.id = st.id and c.descuadre_avisado <> st.descuadrada
      returning c.id, c.nombre, c.titular_id, st.fecha::text as fecha, st.descuadrada`);
    for (const c of flipped.rows) {
      if (!c.descuadrada) continue;
      const text = `${t('cuentaDescuadradaAviso', { cuenta: c.nombre, fecha: formatDayShort(c.fecha) })}.`;
      const link = `${appUrl}/ledger/${encodeURIComponent(ledgerId)}/cuentas`;
      await tx.execute(sql`
        insert into telegram_messages (user_id, dedupe_key, text)
        select m.user_id, 'descuadre:' || ${c.id} || ':' || gen_random_uuid()::text || ':' || m.user_id::text, l.name || E'\n' || ${text} || E'\n' || ${link}
        from ledger_members m
        join ledgers l on l.id = m.ledger_id
        join telegram_links tl on tl.user_id = m.user_id
        left join notification_settings s on s.user_id = m.user_id and s.ledger_id = m.ledger_id
        where m.ledger_id = ${ledgerId} and coalesce(s.cambios, true)
          and (m.user_id = ${c.titular_id} or m.can_modify_balance or l.owner_id = m.user_id)
        on conflict (dedupe_key) do nothing`);
    }
  });
}
