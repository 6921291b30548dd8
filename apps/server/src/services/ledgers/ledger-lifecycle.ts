import { eq, sql } from 'drizzle-orm';
import { messages, sociosMessages, type Ledger } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { dailyBalances, ledgerMembers, ledgers } from '../../db/schema.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { ledgerChange } from '../ledger-change.ts';
import { membershipAllowsWrites, membershipInactive } from '../membership/membership-gate.ts';
import type { Actor } from './actor.ts';
import { newInviteCode } from './invite-code.ts';
import { lockLedgerConSocios } from './ledger-partners.ts';
import { ledgerOf } from './ledger-view.ts';

type Ctx = Pick<AppContext, 'db' | 'bus'>;

async function viewOf(ctx: Ctx, actor: Actor, ledgerId: string): Promise<Ledger> {
  const ledger = await ledgerOf(ctx.db, actor.user.id, ledgerId);
  if (!ledger) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return ledger;
}

/**
 * docs/product.md#memberships: a new ledger is a write, so it needs an active membership, with one exception: a
 * user who belongs to no ledger at all may make one. docs/product.md#screens's dashboard creates that personal
 * ledger by itself when the list is empty, and a read-only user needs a ledger to read; they still
 * cannot write in it. Only gated callers pay for the extra query.
 */
async function assertMayCreate(ctx: Ctx, actor: Actor): Promise<void> {
  if (membershipAllowsWrites(actor.access)) return;
  const [any] = await ctx.db
    .select({ id: ledgerMembers.ledgerId })
    .from(ledgerMembers)
    .where(eq(ledgerMembers.userId, actor.user.id))
    .limit(1);
  if (any) throw membershipInactive();
}

/** A new ledger owned by the actor, who is its first member (with canModifyBalance, as owner). */
export async function createLedger(ctx: Ctx, actor: Actor, name: string): Promise<Ledger> {
  await assertMayCreate(ctx, actor);
  const id = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record }) => {
    const [row] = await tx
      .insert(ledgers)
      .values({ name, ownerId: actor.user.id, inviteCode: newInviteCode() })
      .returning({ id: ledgers.id });
    const ledgerId = row!.id;
    await tx.insert(ledgerMembers).values({ ledgerId, userId: actor.user.id, canModifyBalance: true });
    record({ ledgerId, userId: actor.user.id, action: 'LEDGER_CREATED', entityId: ledgerId, after: { name } });
    return ledgerId;
  });
  return viewOf(ctx, actor, id);
}

/** Any member may rename (docs/product.md#permissions, docs/product.md#permissions). */
export async function renameLedger(ctx: Ctx, actor: Actor, ledgerId: string, name: string): Promise<Ledger> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'rename', actor.access);
    if (m.ledgerName === name) return;
    await tx.update(ledgers).set({ name }).where(eq(ledgers.id, ledgerId));
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LEDGER_RENAMED',
      entityId: ledgerId,
      before: { name: m.ledgerName },
      after: { name },
    });
    emit({ event: 'ledger-updated', type: 'NAME_UPDATED', ledgerId, byUserId: actor.user.id });
  });
  return viewOf(ctx, actor, ledgerId);
}

/**
 * Deletes the ledger; its members, transactions, daily balances and activity go with it through
 * the foreign keys' ON DELETE CASCADE, inside this one database transaction. No activity row is
 * written: it would reference the ledger being deleted (and be deleted with it).
 *
 * Not while partners keep money in it (DESIGN §28 "Former partners", decision 0059): with another
 * member and any account or movement, 409 LEDGER_CON_SOCIOS — the owner hands it over and leaves
 * instead. The ledger row is locked before the check, so an account or a member being added at
 * the same moment is either seen or waits and then fails (ledger-partners.ts).
 */
export async function deleteLedger(ctx: Ctx, actor: Actor, ledgerId: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    if ((await lockLedgerConSocios(tx, { ledgerId })) !== undefined)
      throw new AppError('LEDGER_CON_SOCIOS', sociosMessages.ledgerConSociosPropio);
    await tx.delete(ledgers).where(eq(ledgers.id, ledgerId));
    emit({ event: 'ledger-updated', type: 'DELETED', ledgerId, byUserId: actor.user.id });
  });
}

/**
 * Reset of one day (docs/product.md#accounts-and-sessions): that day's transactions are deleted and its base balances set to
 * 0 / 0, both in one database transaction, so a failure leaves the day exactly as it was.
 */
export async function resetLedgerDay(
  ctx: Ctx & { config?: { APP_URL: string } },
  actor: Actor,
  ledgerId: string,
  fecha: string,
): Promise<void> {
  const usedCuentas = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'reset', actor.access);
    // Full snapshots of what the reset removes (docs/product.md#undo): every row with all its columns, and
    // the day's base row as it was (null when the day had none), so a restore puts back exactly that.
    const deleted = await tx.execute<{ row: RowSnapshot }>(sql`
      delete from transactions t where t.ledger_id = ${ledgerId} and t.fecha = ${fecha} returning ${rowSnapshotSql('t')} as row`);
    const base = await tx.execute<{ row: RowSnapshot }>(
      sql`select ${rowSnapshotSql('d')} as row from daily_balances d where d.ledger_id = ${ledgerId} and d.fecha = ${fecha}`,
    );
    const previous = base.rows[0]?.row ?? null;
    // DESIGN §28: in a ledger with accounts or movements a reset also deletes the day's movements
    // and returns both currencies of the day to inherited (a 0/0 base would move Sin asignar).
    const cuentas = await tx.execute<{ uses: boolean }>(sql`
      select exists (select 1 from cuentas where ledger_id = ${ledgerId}) or exists (select 1 from movimientos where ledger_id = ${ledgerId}) as uses`);
    const usesCuentas = cuentas.rows[0]!.uses;
    const movimientos = usesCuentas
      ? (
          await tx.execute<{ row: RowSnapshot }>(sql`
            delete from movimientos m where m.ledger_id = ${ledgerId} and m.fecha = ${fecha} returning ${rowSnapshotSql('m')} as row`)
        ).rows.map((r) => r.row)
      : [];
    if (usesCuentas) {
      await tx.execute(sql`delete from daily_balances where ledger_id = ${ledgerId} and fecha = ${fecha}`);
    } else {
      const zero = { saldoBaseVes: '0', saldoBaseUsd: '0', updatedBy: actor.user.id, updatedAt: actor.access.now ?? new Date() };
      await tx
        .insert(dailyBalances)
        .values({ ledgerId, fecha, ...zero })
        .onConflictDoUpdate({ target: [dailyBalances.ledgerId, dailyBalances.fecha], set: zero });
    }
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LEDGER_DAY_RESET',
      fecha,
      before: {
        transactions: deleted.rows.map((r) => r.row),
        daily_balance: previous,
        saldo_base_ves: previous?.saldo_base_ves ?? null,
        saldo_base_usd: previous?.saldo_base_usd ?? null,
        ...(usesCuentas ? { movimientos } : {}),
      },
      after: usesCuentas
        ? { transactions: [], movimientos: [], saldo_base_ves: null, saldo_base_usd: null }
        : { transactions: [], saldo_base_ves: '0.00', saldo_base_usd: '0.00' },
    });
    emit({ event: 'transaction-updated', type: 'RESET', ledgerId, fecha, byUserId: actor.user.id });
    return usesCuentas;
  });
  // A confirmed day may have lost rows (docs/product.md#cuadre).
  if (usedCuentas && ctx.config) await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
}
