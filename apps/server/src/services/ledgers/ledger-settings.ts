import { eq } from 'drizzle-orm';
import { messages, type Ledger, type LedgerSettingsInput } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { ledgers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from './actor.ts';
import { ledgerOf } from './ledger-view.ts';

/**
 * PUT /api/ledgers/:id/settings (docs/product.md#profit-method-and-position): the owner chooses the profit method; another member
 * gets 403, a non-member 404. The stored average-cost states do not depend on the method, so
 * nothing is recomputed; the ledger's revision (bumped by the activity row) makes every cached
 * day answer stale, and `ledger-updated` SETTINGS_UPDATED tells the open screens.
 */
export async function setLedgerSettings(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  actor: Actor,
  ledgerId: string,
  input: LedgerSettingsInput,
): Promise<Ledger> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    const [row] = await tx.select({ metodo: ledgers.metodoGanancia }).from(ledgers).where(eq(ledgers.id, ledgerId)).for('update');
    if (!row || row.metodo === input.metodo_ganancia) return;
    await tx.update(ledgers).set({ metodoGanancia: input.metodo_ganancia }).where(eq(ledgers.id, ledgerId));
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LEDGER_SETTINGS_UPDATED',
      entityId: ledgerId,
      before: { metodo_ganancia: row.metodo },
      after: { metodo_ganancia: input.metodo_ganancia },
    });
    emit({ event: 'ledger-updated', type: 'SETTINGS_UPDATED', ledgerId, byUserId: actor.user.id });
  });
  const ledger = await ledgerOf(ctx.db, actor.user.id, ledgerId);
  if (!ledger) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return ledger;
}
