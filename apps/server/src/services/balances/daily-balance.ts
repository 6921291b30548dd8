import { sql } from 'drizzle-orm';
import type { DailyBalanceData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { AuthUser } from '../auth/account.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import { num } from '../transactions/transaction-json.ts';
import { dayBaseBalance } from './base-balance.ts';

/** GET/PUT /api/daily-balances answer (docs/api.md, docs/product.md#balances-of-a-day). */
export interface DailyBalanceJson {
  saldo_base_ves: number;
  saldo_base_usd: number;
  fecha: string;
  heredado: boolean;
  heredado_ves: boolean;
  heredado_usd: boolean;
}

export async function getDailyBalance(db: DbOrTx, ledgerId: string, fecha: string): Promise<DailyBalanceJson> {
  const base = await dayBaseBalance(db, ledgerId, fecha);
  return {
    saldo_base_ves: num(base.saldo_base_ves, 2),
    saldo_base_usd: num(base.saldo_base_usd, 2),
    fecha,
    heredado: base.heredado,
    heredado_ves: base.heredado_ves,
    heredado_usd: base.heredado_usd,
  };
}

/**
 * Sets a day's base per currency (owner or canModifyBalance; docs/product.md#balances-of-a-day): a given value becomes
 * explicit, `null` returns that currency to inherited, an omitted one keeps its state. Later days
 * inherit from it (docs/product.md#money). A row left with both currencies inherited is deleted.
 */
export async function putDailyBalance(
  ctx: AppContext,
  user: AuthUser,
  ledgerId: string,
  data: DailyBalanceData,
): Promise<DailyBalanceJson> {
  const m = await loadMembership(ctx.db, ledgerId, user.id);
  authorize(m, 'setBalances', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  return ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const before = await getDailyBalance(tx, ledgerId, data.fecha);
    // The stored row, locked: two concurrent edits of different currencies must both survive.
    const stored = await tx.execute<{ ves: string | null; usd: string | null }>(sql`
      select saldo_base_ves::text as ves, saldo_base_usd::text as usd from daily_balances
      where ledger_id = ${ledgerId} and fecha = ${data.fecha} for update`);
    const current = stored.rows[0];
    const ves = data.saldo_base_ves === undefined ? (current?.ves ?? null) : data.saldo_base_ves;
    const usd = data.saldo_base_usd === undefined ? (current?.usd ?? null) : data.saldo_base_usd;
    if (ves === null && usd === null) {
      await tx.execute(sql`delete from daily_balances where ledger_id = ${ledgerId} and fecha = ${data.fecha}`);
    } else {
      await tx.execute(sql`
        insert into daily_balances (ledger_id, fecha, saldo_base_ves, saldo_base_usd, updated_by, updated_at)
        values (${ledgerId}, ${data.fecha}, ${ves}, ${usd}, ${user.id}, now())
        on conflict (ledger_id, fecha) do update set saldo_base_ves = excluded.saldo_base_ves,
          saldo_base_usd = excluded.saldo_base_usd, updated_by = excluded.updated_by, updated_at = now()`);
    }
    const after = await getDailyBalance(tx, ledgerId, data.fecha);
    record({ ledgerId, userId: user.id, action: 'DAILY_BALANCE_UPDATED', fecha: data.fecha, before, after });
    emit({ event: 'transaction-updated', ledgerId, type: 'DAILY_BALANCE_UPDATED', fecha: data.fecha, byUserId: user.id });
    return after;
  });
}
