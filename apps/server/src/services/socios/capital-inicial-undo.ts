import { sql } from 'drizzle-orm';
import { Big, formatDayShort, messages, tsocios } from '@arb/shared';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { insertSnapshots, type RowSnapshot } from '../activity/row-snapshot.ts';
import { liquidacionLockKey } from './closed-days.ts';

/**
 * "Deshacer" of "Registrar capital inicial" (docs/product.md#undo, decision 0059): the activity
 * `CAPITAL_INICIAL_REGISTRADO` names every movement the registration wrote (full rows) and keeps
 * the day's base row as it was; undoing deletes exactly those movements and puts that base row
 * back, so every balance is what it was and the capital is unregistered again.
 *
 * - Refused with 409 PERIODO_CERRADO while a closed period ends on or after the day: that period's
 *   figures (its capital_inicial, or its netting of the registration) were computed with it. The
 *   registration's own exclusive settlement lock (decision 0044) is taken first, so no period
 *   closes meanwhile; the closed-day triggers would refuse a period containing the day anyway.
 * - Refused with 409 RESTORE_CONFLICT when a movement was edited or deleted since (its `version`)
 *   or the day's base is no longer the one the registration left: undoing then would not return
 *   the ledger to what it was, and guessing would move money.
 */
export async function deshacerCapitalInicial(
  tx: Tx,
  // The activity row as restore-handlers.ts hands it over (RestorableActivity; not imported: that table imports this).
  entry: { ledgerId: string; fecha: string | null; before: unknown; after: unknown },
): Promise<{ restored: number; days: string[] }> {
  const before = (entry.before ?? {}) as { daily_balance?: unknown };
  const after = (entry.after ?? {}) as { aportes?: unknown; saldo_base_ves?: unknown; saldo_base_usd?: unknown };
  const fecha = entry.fecha;
  // A registration logged before decision 0059 kept the base as figures only, not its row.
  if (fecha === null || !('daily_balance' in before) || !Array.isArray(after.aportes))
    throw new AppError('VALIDATION_ERROR', messages.restoreNotSupported);
  const movs = after.aportes as RowSnapshot[];

  await tx.execute(sql`select pg_advisory_xact_lock(${liquidacionLockKey(entry.ledgerId)})`);
  const cerrado = await tx.execute<{ desde: string; hasta: string }>(sql`
    select desde::text, hasta::text from liquidaciones where ledger_id = ${entry.ledgerId} and hasta >= ${fecha}::date
    order by desde limit 1`);
  const periodo = cerrado.rows[0];
  if (periodo)
    throw new AppError(
      'PERIODO_CERRADO',
      tsocios('capitalInicialDeshacerCerrado', { desde: formatDayShort(periodo.desde), hasta: formatDayShort(periodo.hasta) }),
    );

  const conflict = () => new AppError('RESTORE_CONFLICT', tsocios('capitalInicialDeshacerCambio', { fecha: formatDayShort(fecha) }));
  const base = await tx.execute<{ ves: string | null; usd: string | null }>(sql`
    select saldo_base_ves::text as ves, saldo_base_usd::text as usd from daily_balances
    where ledger_id = ${entry.ledgerId} and fecha = ${fecha}::date for update`);
  const same = (a: string | null | undefined, b: unknown) => a != null && typeof b === 'string' && new Big(a).eq(b);
  const row = base.rows[0];
  if (!row || !same(row.ves, after.saldo_base_ves) || !same(row.usd, after.saldo_base_usd)) throw conflict();

  const wanted = movs.map((m) => ({ id: String(m.id), version: Number(m.version) }));
  const deleted = await tx.execute<{ id: string }>(sql`
    delete from movimientos m using jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(id uuid, version int)
    where m.ledger_id = ${entry.ledgerId} and m.id = w.id and m.version = w.version and m.registro_capital
    returning m.id::text`);
  if (deleted.rows.length !== wanted.length) throw conflict();

  await tx.execute(sql`delete from daily_balances where ledger_id = ${entry.ledgerId} and fecha = ${fecha}::date`);
  if (typeof before.daily_balance === 'object' && before.daily_balance !== null)
    await insertSnapshots(tx, 'daily_balances', [before.daily_balance as RowSnapshot], 'fecha');
  // Nothing came back as a row: the undo took movements out (the notice and the log say so by action).
  return { restored: 0, days: [fecha] };
}
