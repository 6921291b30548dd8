import { sql } from 'drizzle-orm';
import { messages, OWNER_RESTORE_ACTIONS, RESTORE_WINDOW_DAYS } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { restoreHandlers, type RestorableActivity } from './restore-handlers.ts';

type Ctx = Pick<AppContext, 'db' | 'bus'>;

/**
 * POST /api/ledgers/:id/activity/:activityId/restore: undoes a delete, a reset (or any action of
 * `restoreHandlers`) as one change (docs/product.md#binance-import, docs/product.md#undo): the rows come back as they were, the
 * activity row is marked restored and a new 'ACTIVITY_RESTORED' row names it, and every day
 * touched gets a `transaction-updated` RESTORED event after the commit. The activity row is locked
 * first, so two concurrent restores of it serialise and the second answers 409.
 */
export async function restoreActivity(
  ctx: Ctx & { config?: { APP_URL: string } },
  actor: Actor,
  ledgerId: string,
  activityId: number,
): Promise<{ restored: number }> {
  const answer = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    const found = await tx.execute<{
      id: string;
      action: string;
      fecha: string | null;
      before: unknown;
      after: unknown;
      user_id: string | null;
      restored: boolean;
      expired: boolean;
    }>(sql`
      select id::text as id, action, fecha::text as fecha, before, after, user_id, restored_at is not null as restored,
        created_at < ${actor.access.now ?? new Date()}::timestamptz - make_interval(days => ${RESTORE_WINDOW_DAYS}) as expired
      from activity where id = ${activityId} and ledger_id = ${ledgerId} for update`);
    const row = found.rows[0];
    if (!row) throw new AppError('NOT_FOUND', messages.notFound);
    authorize(m, 'restore', { ...actor.access, changeAuthorId: row.user_id });
    // A change only the owner may make is only the owner's to undo (a former owner who registered
    // the capital is no longer: decision 0059).
    if (OWNER_RESTORE_ACTIONS.includes(row.action)) authorize(m, 'manage', actor.access);
    const handler = restoreHandlers[row.action];
    if (!handler) throw new AppError('VALIDATION_ERROR', messages.restoreNotSupported);
    if (row.restored) throw new AppError('CONFLICT', messages.restoreAlreadyDone);
    if (row.expired) throw new AppError('CONFLICT', messages.restoreExpired);

    const entry: RestorableActivity = {
      id: activityId,
      ledgerId,
      action: row.action,
      fecha: row.fecha,
      before: row.before,
      after: row.after,
    };
    const outcome = await handler(tx, entry);
    await tx.execute(sql`update activity set restored_at = now() where id = ${activityId}`);
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'ACTIVITY_RESTORED',
      entityId: String(activityId),
      fecha: row.fecha ?? outcome.days[0] ?? null,
      after: { action: row.action, restored: outcome.restored, days: outcome.days },
    });
    // One change, one event naming its days (docs/product.md#binance-import); `fecha` is the earliest, which is what
    // screens compare against (a change on or before the day shown reloads it).
    if (outcome.days.length > 0)
      emit({
        event: 'transaction-updated',
        type: 'RESTORED',
        ledgerId,
        fecha: outcome.days[0],
        fechas: outcome.days,
        byUserId: actor.user.id,
      });
    return { restored: outcome.restored };
  });
  // Rows that came back may move a confirmed day (docs/product.md#cuadre).
  if (ctx.config) await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
  return answer;
}
