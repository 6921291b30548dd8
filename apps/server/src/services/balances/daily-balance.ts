import { sql } from 'drizzle-orm';
import type { DailyBalanceData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { AuthUser } from '../auth/account.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import { num } from '../transactions/transaction-json.ts';
import { dayBaseBalance } from './base-balance.ts';

/** GET/PUT /api/daily-balances answer (DESIGN §3). */
export interface DailyBalanceJson {
  saldo_base_ves: number;
  saldo_base_usd: number;
  fecha: string;
  heredado: boolean;
}

export async function getDailyBalance(db: DbOrTx, ledgerId: string, fecha: string): Promise<DailyBalanceJson> {
  const base = await dayBaseBalance(db, ledgerId, fecha);
  return { saldo_base_ves: num(base.saldo_base_ves, 2), saldo_base_usd: num(base.saldo_base_usd, 2), fecha, heredado: base.heredado };
}

/** Sets a day's explicit base (owner or canModifyBalance); later days inherit from it (DESIGN §2). */
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
    await tx.execute(sql`
      insert into daily_balances (ledger_id, fecha, saldo_base_ves, saldo_base_usd, updated_by, updated_at)
      values (${ledgerId}, ${data.fecha}, ${data.saldo_base_ves}, ${data.saldo_base_usd}, ${user.id}, now())
      on conflict (ledger_id, fecha) do update set saldo_base_ves = excluded.saldo_base_ves,
        saldo_base_usd = excluded.saldo_base_usd, updated_by = excluded.updated_by, updated_at = now()`);
    const after: DailyBalanceJson = {
      saldo_base_ves: num(data.saldo_base_ves, 2),
      saldo_base_usd: num(data.saldo_base_usd, 2),
      fecha: data.fecha,
      heredado: false,
    };
    record({ ledgerId, userId: user.id, action: 'DAILY_BALANCE_UPDATED', fecha: data.fecha, before, after });
    emit({ event: 'transaction-updated', ledgerId, type: 'DAILY_BALANCE_UPDATED', fecha: data.fecha, byUserId: user.id });
    return after;
  });
}
