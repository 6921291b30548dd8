import { sql } from 'drizzle-orm';
import { formatBs, formatDayShort, formatUsd, todayKey, type BalancesResponse } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { dayBalances } from '../balances/day-balances.ts';

/** docs/product.md#telegram-notices: the summary goes out at 20:00 in APP_TIMEZONE. */
export const SUMMARY_HOUR = 20;

/** The hour of the day (0–23) of `now` in `timeZone`. */
export function localHour(now: Date, timeZone: string): number {
  const h = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now);
  return Number(h);
}

/** The day's operations, profit in USD and Bs and the available balances (plain text). */
export function summaryMessage(input: {
  ledgerId: string;
  ledgerName: string;
  fecha: string;
  day: BalancesResponse;
  appUrl: string;
}): string {
  const r = input.day.resumen;
  const n = input.day.transacciones_con_acumulados.length;
  return [
    `${input.ledgerName}: resumen del ${formatDayShort(input.fecha)}`,
    `Operaciones: ${n}`,
    `Ganancia: ${formatUsd(r.ganancia_total_usd.valor)} y ${formatBs(r.ganancia_total_ves.valor)}`,
    `Saldo disponible: ${formatBs(r.saldo_disponible_ves.valor)} y ${formatUsd(r.saldo_disponible_usd.valor)}`,
    `${input.appUrl}/dashboard?ledger=${encodeURIComponent(input.ledgerId)}&date=${input.fecha}`,
  ].join('\n');
}

/**
 * From 20:00 in `timeZone` on, queues today's summary for every linked member with
 * `resumen_diario` on. The message's key (ledger, user, day) is unique, so however many
 * instances and ticks run, each summary is queued — and so sent — exactly once. Answers how many
 * it queued.
 */
export async function queueDailySummaries(db: Db, now: Date, timeZone: string, appUrl: string): Promise<number> {
  if (localHour(now, timeZone) < SUMMARY_HOUR) return 0;
  const fecha = todayKey(timeZone, now);
  const due = await db.execute<{ ledger_id: string; user_id: string; name: string; key: string }>(sql`
    select s.ledger_id, s.user_id, l.name, k.key
    from notification_settings s
    join ledger_members m on m.user_id = s.user_id and m.ledger_id = s.ledger_id
    join telegram_links t on t.user_id = s.user_id
    join ledgers l on l.id = s.ledger_id
    cross join lateral (select 'd:' || s.ledger_id || ':' || s.user_id || ':' || ${fecha} as key) k
    where s.resumen_diario and not exists (select 1 from telegram_messages x where x.dedupe_key = k.key)
    order by s.ledger_id`);
  const byLedger = new Map<string, typeof due.rows>();
  for (const row of due.rows) byLedger.set(row.ledger_id, [...(byLedger.get(row.ledger_id) ?? []), row]);
  let queued = 0;
  for (const [ledgerId, rows] of byLedger) {
    const day = await dayBalances(db, ledgerId, fecha);
    const text = summaryMessage({ ledgerId, ledgerName: rows[0]!.name, fecha, day, appUrl });
    for (const row of rows) {
      const res = await db.execute(sql`
        insert into telegram_messages (user_id, dedupe_key, text) values (${row.user_id}, ${row.key}, ${text})
        on conflict (dedupe_key) do nothing`);
      queued += res.rowCount ?? 0;
    }
  }
  return queued;
}
