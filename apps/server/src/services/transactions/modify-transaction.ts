import { sql } from 'drizzle-orm';
import { computeTransaction, messages, oversizedFigure, type UpdateTransactionData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/account.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange, type ChangeContext } from '../ledger-change.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { checkCuentaRefs } from '../cuentas/cuenta-checks.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { marketStamp } from '../market/market-stamp.ts';
import { activitySnapshot, toTransactionJson, type TransactionJson } from './transaction-json.ts';
import { cumulativeUpTo, findTransaction, type TransactionRow } from './transaction-row.ts';

/**
 * Runs `fn` on a transaction the caller may edit (docs/product.md#permissions: own always, others' with
 * canModifyBalance or as owner), with its row locked until commit so concurrent edits serialise.
 * A transaction in a ledger the caller is not in is a 404, exactly like one that does not exist.
 */
async function withEditableTransaction<T>(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  fn: (change: ChangeContext, before: TransactionRow) => Promise<T>,
): Promise<T> {
  return ledgerChange(ctx.db, ctx.bus, async (change) => {
    const before = await findTransaction(change.tx, id, true);
    if (!before) throw new AppError('NOT_FOUND', messages.txNotFound);
    const m = await loadMembership(change.tx, before.ledger_id, user.id).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? new AppError('NOT_FOUND', messages.txNotFound) : err;
    });
    authorize(m, 'editTransaction', {
      authorId: before.created_by,
      membershipRequired: ctx.config.MEMBERSHIP_REQUIRED,
      user,
      now: ctx.now(),
    });
    return fn(change, before);
  });
}

async function answer(tx: Tx, id: string): Promise<{ row: TransactionRow; json: TransactionJson }> {
  const row = (await findTransaction(tx, id))!;
  return { row, json: toTransactionJson(row, await cumulativeUpTo(tx, row)) };
}

/** PUT: new amounts, notes and day; a stale `version` is a 409 (docs/product.md#reliability-rules); bumps the version. */
export async function updateTransaction(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  data: UpdateTransactionData,
): Promise<TransactionJson> {
  let touched: { ledgerId: string; cuentas: boolean } | undefined;
  const json = await withEditableTransaction(ctx, user, id, async ({ tx, record, emit }, before) => {
    if (data.version !== undefined && data.version !== before.version) {
      throw new AppError('STALE_VERSION', messages.txStale);
    }
    // docs/product.md#cuentas-y-movimientos: omitted keeps the row's account; only a different one is checked.
    const cuentaVes = data.cuenta_ves_id === undefined ? before.cuenta_ves_id : data.cuenta_ves_id;
    const cuentaUsd = data.cuenta_usd_id === undefined ? before.cuenta_usd_id : data.cuenta_usd_id;
    await checkCuentaRefs(tx, before.ledger_id, [
      { id: cuentaVes, moneda: 'VES', current: before.cuenta_ves_id, field: 'cuenta_ves_id' },
      { id: cuentaUsd, moneda: 'USD', current: before.cuenta_usd_id, field: 'cuenta_usd_id' },
    ]);
    touched = { ledgerId: before.ledger_id, cuentas: Boolean(cuentaVes || cuentaUsd || before.cuenta_ves_id || before.cuenta_usd_id) };
    // docs/product.md#binance-import: an edit that omits the fee or the order's time keeps them.
    const comision_usd = data.comision_usd ?? before.comision_usd;
    const f = computeTransaction({ ...data, comision_usd });
    // The schema checked the figures without the stored fee (docs/decisions/0033-trust-first-security.md).
    if (oversizedFigure(f)) throw new AppError('VALIDATION_ERROR', messages.txTooLarge);
    // DESIGN §24: an edit keeps the row's market stamp unless it moves the row to another day.
    const stamp =
      data.fecha === before.fecha
        ? sql``
        : await marketStamp(
            tx,
            ctx.config.APP_TIMEZONE,
            { fecha: data.fecha, ocurrido_en: data.ocurrido_en ?? before.ocurrido_en },
            ctx.now(),
          ).then(
            (m) => sql`mercado_paralelo = ${m?.paralelo ?? null}::numeric, mercado_oficial = ${m?.oficial ?? null}::numeric,
              mercado_fecha = ${m?.fecha ?? null}::date,`,
          );
    await tx.execute(sql`
      update transactions set
        fecha = ${data.fecha}, venta = ${data.venta}, tasa_venta = ${data.tasa_venta}, compra = ${data.compra},
        tasa_compra = ${data.tasa_compra}, notas = ${data.notas}, bs_recibidos = ${f.bs_recibidos},
        bs_pagados = ${f.bs_pagados}, ganancia_ves = ${f.ganancia_ves}, ganancia_usd = ${f.ganancia_usd},
        comision_usd = ${comision_usd}, ocurrido_en = coalesce(${data.ocurrido_en ?? null}::timestamptz, ocurrido_en),
        cuenta_ves_id = ${cuentaVes}, cuenta_usd_id = ${cuentaUsd}, ${stamp}
        version = version + 1, updated_at = now()
      where id = ${id}`);
    const { row, json } = await answer(tx, id);
    record({
      ledgerId: row.ledger_id,
      userId: user.id,
      action: 'TRANSACTION_UPDATED',
      entityId: id,
      fecha: row.fecha,
      before: activitySnapshot(before),
      after: activitySnapshot(row),
    });
    emit({ event: 'transaction-updated', ledgerId: row.ledger_id, type: 'UPDATED', fecha: row.fecha, byUserId: user.id });
    // Moved to another day: the old day's viewers must reload too.
    if (before.fecha !== row.fecha) {
      emit({ event: 'transaction-updated', ledgerId: row.ledger_id, type: 'UPDATED', fecha: before.fecha, byUserId: user.id });
    }
    return json;
  });
  if (touched?.cuentas) await recheckDescuadres(ctx.db, touched.ledgerId, ctx.config.APP_URL);
  return json;
}

/**
 * PATCH toggle-verify: sets esta_verificada. The version is not bumped: an edit form does not
 * send esta_verificada, so a verification can never be lost by a concurrent edit (and the editor
 * is not told their form is stale for a tick of a checkbox).
 */
export async function setVerified(ctx: AppContext, user: AuthUser, id: string, verified: boolean): Promise<TransactionJson> {
  return withEditableTransaction(ctx, user, id, async ({ tx, record, emit }, before) => {
    await tx.execute(sql`update transactions set esta_verificada = ${verified}, updated_at = now() where id = ${id}`);
    const { row, json } = await answer(tx, id);
    record({
      ledgerId: row.ledger_id,
      userId: user.id,
      action: 'TRANSACTION_VERIFIED',
      entityId: id,
      fecha: row.fecha,
      before: { esta_verificada: before.esta_verificada },
      after: { esta_verificada: row.esta_verificada },
    });
    emit({ event: 'transaction-updated', ledgerId: row.ledger_id, type: 'VERIFIED', fecha: row.fecha, byUserId: user.id });
    return json;
  });
}

export async function deleteTransaction(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const before = await withEditableTransaction(ctx, user, id, async ({ tx, record, emit }, before) => {
    // The activity keeps the whole row (every column, exact), so a restore can bring it back (docs/product.md#undo).
    const deleted = await tx.execute<{ row: RowSnapshot }>(
      sql`delete from transactions t where t.id = ${id} returning ${rowSnapshotSql('t')} as row`,
    );
    record({
      ledgerId: before.ledger_id,
      userId: user.id,
      action: 'TRANSACTION_DELETED',
      entityId: id,
      fecha: before.fecha,
      before: deleted.rows[0]!.row,
    });
    emit({ event: 'transaction-updated', ledgerId: before.ledger_id, type: 'DELETED', fecha: before.fecha, byUserId: user.id });
    return before;
  });
  if (before.cuenta_ves_id || before.cuenta_usd_id) await recheckDescuadres(ctx.db, before.ledger_id, ctx.config.APP_URL);
}
