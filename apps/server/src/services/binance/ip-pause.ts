import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import type { IpPause } from './binance-client.ts';

/**
 * The 418/429 pause of this server's IP, shared by every instance through the database
 * (docs/decisions/0058; migration 0026). Binance's limits are per IP, not per key, and it bans an
 * IP that keeps calling after a 429 — for 2 minutes up to 3 days — so one instance's answer must
 * stop them all. Times are the database's (`now()`), so instances' clocks never disagree about it.
 */
export function dbIpPause(db: DbOrTx): IpPause {
  return {
    async remainingMs() {
      const r = await db.execute<{ ms: string }>(sql`
        select ceil(extract(epoch from hasta - now()) * 1000)::bigint::text as ms
        from binance_ip_pause where id = 1 and hasta > now()`);
      return r.rows[0] ? Number(r.rows[0].ms) : 0;
    },
    async hold(retryAfterMs, banned) {
      // Only ever later: a short 429 never shortens a ban another instance was given.
      await db.execute(sql`
        insert into binance_ip_pause (id, hasta, status)
        values (1, now() + make_interval(secs => ${retryAfterMs / 1000}), ${banned ? 418 : 429})
        on conflict (id) do update set
          status = case when excluded.hasta > binance_ip_pause.hasta then excluded.status else binance_ip_pause.status end,
          hasta = greatest(binance_ip_pause.hasta, excluded.hasta),
          updated_at = now()`);
    },
  };
}
