import { sql } from 'drizzle-orm';
import { computeTransaction, messages, type CreateTransactionData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { transactions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import { activitySnapshot, toTransactionJson, type TransactionJson } from './transaction-json.ts';
import { cumulativeUpTo, findTransaction } from './transaction-row.ts';
import type { DbOrTx } from '../../db/database.ts';

/** Visible ASCII, as a UUID or any client token; bounded so a key cannot bloat the table. */
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_RE.test(header)) throw new AppError(400, 'VALIDATION_ERROR', messages.idempotencyKeyInvalid);
  return header;
}

async function answer(db: DbOrTx, id: string): Promise<TransactionJson> {
  const row = await findTransaction(db, id);
  if (!row) throw new AppError(404, 'NOT_FOUND', messages.txNotFound);
  return toTransactionJson(row, await cumulativeUpTo(db, row));
}

/**
 * Creates a transaction (any member). The server computes every derived figure; a client
 * `ganancia` was already dropped by the schema. With an Idempotency-Key (DESIGN §5), the key is
 * claimed with `insert … on conflict do nothing` in the same database transaction as the create:
 * a concurrent duplicate waits on the first one's uncommitted key row, then finds it taken and
 * answers the first transaction, so one (user, key) never yields two rows. A replay answers the
 * transaction's current state (404 if it has since been deleted).
 */
export async function createTransaction(
  ctx: AppContext,
  user: AuthUser,
  data: CreateTransactionData,
  idempotencyKey: string | undefined,
): Promise<TransactionJson> {
  const m = await loadMembership(ctx.db, data.ledgerId, user.id);
  authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  return ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    if (idempotencyKey !== undefined) {
      const claimed = await tx.execute(sql`
        insert into idempotency_keys (user_id, key) values (${user.id}, ${idempotencyKey})
        on conflict (user_id, key) do nothing returning key`);
      if (claimed.rows.length === 0) {
        const first = await tx.execute<{ transaction_id: string | null }>(
          sql`select transaction_id from idempotency_keys where user_id = ${user.id} and key = ${idempotencyKey}`,
        );
        const firstId = first.rows[0]?.transaction_id;
        if (!firstId) throw new AppError(404, 'NOT_FOUND', messages.txNotFound);
        return answer(tx, firstId);
      }
    }
    const figures = computeTransaction(data);
    const [inserted] = await tx
      .insert(transactions)
      .values({
        ledgerId: data.ledgerId,
        fecha: data.fecha,
        venta: data.venta,
        tasaVenta: data.tasa_venta,
        compra: data.compra,
        tasaCompra: data.tasa_compra,
        bsRecibidos: figures.bs_recibidos,
        bsPagados: figures.bs_pagados,
        gananciaVes: figures.ganancia_ves,
        gananciaUsd: figures.ganancia_usd,
        notas: data.notas,
        createdBy: user.id,
      })
      .returning({ id: transactions.id });
    const id = inserted!.id;
    if (idempotencyKey !== undefined) {
      await tx.execute(sql`update idempotency_keys set transaction_id = ${id} where user_id = ${user.id} and key = ${idempotencyKey}`);
    }
    const row = (await findTransaction(tx, id))!;
    const json = toTransactionJson(row, await cumulativeUpTo(tx, row));
    record({
      ledgerId: data.ledgerId,
      userId: user.id,
      action: 'TRANSACTION_CREATED',
      entityId: id,
      fecha: data.fecha,
      after: activitySnapshot(row),
    });
    emit({ event: 'transaction-updated', ledgerId: data.ledgerId, type: 'CREATED', fecha: data.fecha, byUserId: user.id });
    return json;
  });
}
