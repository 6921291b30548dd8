import { eq } from 'drizzle-orm';
import { Big, messages, toFixedString, type Ledger, type LedgerSettingsInput, type Reparto } from '@arb/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
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
    const [row] = await tx
      .select({ metodo: ledgers.metodoGanancia, reparto: ledgers.reparto })
      .from(ledgers)
      .where(eq(ledgers.id, ledgerId))
      .for('update');
    if (!row) return;
    // Any subset of the settings (DESIGN §22): what is omitted stays.
    const metodo = input.metodo_ganancia ?? row.metodo;
    const reparto = input.reparto ? normalizeReparto(input.reparto) : row.reparto;
    if (input.reparto) await checkRepartoMembers(tx, ledgerId, reparto);
    if (metodo === row.metodo && JSON.stringify(reparto) === JSON.stringify(row.reparto)) return;
    await tx.update(ledgers).set({ metodoGanancia: metodo, reparto }).where(eq(ledgers.id, ledgerId));
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LEDGER_SETTINGS_UPDATED',
      entityId: ledgerId,
      before: { metodo_ganancia: row.metodo, reparto: row.reparto },
      after: { metodo_ganancia: metodo, reparto },
    });
    emit({ event: 'ledger-updated', type: 'SETTINGS_UPDATED', ledgerId, byUserId: actor.user.id });
  });
  const ledger = await ledgerOf(ctx.db, actor.user.id, ledgerId);
  if (!ledger) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return ledger;
}

/** The stored shape: percentages only for "porcentaje", 2-decimal text, no empty operator. */
function normalizeReparto(r: NonNullable<LedgerSettingsInput['reparto']>): Reparto {
  const out: Reparto = { metodo: r.metodo };
  if (r.metodo === 'porcentaje' && r.porcentajes)
    out.porcentajes = r.porcentajes.map((p) => ({ userId: p.userId, porcentaje: toFixedString(new Big(p.porcentaje), 2) }));
  if (r.operador) out.operador = { userId: r.operador.userId, porcentaje: toFixedString(new Big(r.operador.porcentaje), 2) };
  return out;
}

/** Everyone a split rule names must be a member of the ledger (400 otherwise). */
async function checkRepartoMembers(tx: Tx, ledgerId: string, r: Reparto): Promise<void> {
  const ids = [...(r.porcentajes ?? []).map((p) => p.userId), ...(r.operador ? [r.operador.userId] : [])];
  if (ids.length === 0) return;
  const found = await tx.execute<{ n: number }>(sql`
    select count(distinct user_id)::int as n from ledger_members where ledger_id = ${ledgerId} and user_id::text = any(string_to_array(${ids.join(',')}, ','))`);
  if (found.rows[0]!.n !== new Set(ids).size)
    throw new AppError('VALIDATION_ERROR', messages.repartoMiembroInvalido, { reparto: messages.repartoMiembroInvalido });
}
