import { sql } from 'drizzle-orm';
import { computeTransaction, messages, type DecimalInput } from '@arb/shared';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { deshacerCapitalInicial } from '../socios/capital-inicial-undo.ts';
import { insertSnapshots, type RowSnapshot } from './row-snapshot.ts';

/** The activity row being restored, as the restore service read it (locked). */
export interface RestorableActivity {
  id: number;
  ledgerId: string;
  action: string;
  fecha: string | null;
  before: unknown;
  after: unknown;
}

/** What a handler put back: how many transactions, and the days whose figures changed. */
export interface RestoreOutcome {
  restored: number;
  days: string[];
}

/**
 * How to undo one kind of change (docs/product.md#undo). Runs inside the restore's database transaction;
 * throwing rolls everything back. The restore service does the rest: permissions, the 30 days,
 * "already restored", the activity row and the realtime events.
 */
export type RestoreHandler = (tx: Tx, entry: RestorableActivity) => Promise<RestoreOutcome>;

const isSnapshot = (v: unknown): v is RowSnapshot => typeof v === 'object' && v !== null && 'id' in v && 'ledger_id' in v;

/** Activity written before full snapshots were kept cannot be restored. */
function snapshotsOf(value: unknown): RowSnapshot[] {
  if (!Array.isArray(value) || !value.every(isSnapshot)) throw new AppError('VALIDATION_ERROR', messages.restoreNotSupported);
  return value;
}

/**
 * Puts the transactions back with their ids; if any id (or another unique value, such as an
 * import's order number) is already in the ledger, nothing is restored: 409 RESTORE_CONFLICT.
 */
export async function restoreTransactions(tx: Tx, snapshots: RowSnapshot[]): Promise<number> {
  const inserted = await insertSnapshots(tx, 'transactions', snapshots.map(withCurrentFigures), 'id');
  if (inserted.length !== snapshots.length) throw new AppError('RESTORE_CONFLICT', messages.restoreConflict);
  return inserted.length;
}

const amount = (v: unknown): DecimalInput | null => (typeof v === 'string' || typeof v === 'number' ? v : null);

/**
 * A row comes back with the figures today's money rule gives its amounts: a snapshot taken before
 * migration 0014 holds an unrounded Bs side (docs/decisions/0034), which would put a céntimo's
 * difference back into its day.
 */
function withCurrentFigures(s: RowSnapshot): RowSnapshot {
  if (!('venta' in s)) return s;
  const f = computeTransaction({
    venta: amount(s.venta),
    tasa_venta: amount(s.tasa_venta),
    compra: amount(s.compra),
    tasa_compra: amount(s.tasa_compra),
    comision_usd: amount(s.comision_usd),
  });
  return { ...s, ...f };
}

/** Puts movements back with their ids (docs/product.md#cuentas-y-movimientos); any id already back: 409, nothing restored. */
async function restoreMovimientos(tx: Tx, snapshots: RowSnapshot[]): Promise<number> {
  const inserted = await insertSnapshots(tx, 'movimientos', snapshots, 'id');
  if (inserted.length !== snapshots.length) throw new AppError('RESTORE_CONFLICT', messages.restoreConflict);
  return inserted.length;
}

const daysOf = (snapshots: RowSnapshot[]): string[] => [...new Set(snapshots.map((s) => String(s.fecha)))].sort();

/** Undo, keyed by the activity's action; a new restorable change adds its entry here. */
export const restoreHandlers: Record<string, RestoreHandler> = {
  /** A deleted transaction: `before` is the whole row. */
  TRANSACTION_DELETED: async (tx, entry) => {
    const rows = snapshotsOf([entry.before]);
    return { restored: await restoreTransactions(tx, rows), days: daysOf(rows) };
  },

  /** A reset day: its transactions, and its base row as it was (each currency explicit or inherited). */
  LEDGER_DAY_RESET: async (tx, entry) => {
    const before = (entry.before ?? {}) as { transactions?: unknown; daily_balance?: unknown };
    if (!('daily_balance' in before) || entry.fecha === null) throw new AppError('VALIDATION_ERROR', messages.restoreNotSupported);
    const rows = snapshotsOf(before.transactions);
    const restored = await restoreTransactions(tx, rows);
    // A reset in a ledger with accounts or movements also removed the day's movements (docs/product.md#cuentas-y-movimientos).
    const movs = (before as { movimientos?: unknown }).movimientos;
    const movRestored = Array.isArray(movs) && movs.length > 0 ? await restoreMovimientos(tx, snapshotsOf(movs)) : 0;
    await tx.execute(sql`delete from daily_balances where ledger_id = ${entry.ledgerId} and fecha = ${entry.fecha}`);
    if (typeof before.daily_balance === 'object' && before.daily_balance !== null) {
      await insertSnapshots(tx, 'daily_balances', [before.daily_balance as RowSnapshot], 'fecha');
    }
    return { restored: restored + movRestored, days: [entry.fecha] };
  },

  /** A deleted movement (docs/product.md#cuentas-y-movimientos): `before` is the whole row. */
  MOVEMENT_DELETED: async (tx, entry) => {
    const rows = snapshotsOf([entry.before]);
    return { restored: await restoreMovimientos(tx, rows), days: daysOf(rows) };
  },

  /** An undone import (docs/product.md#binance-import, docs/product.md#undo): its rows come back and the batch is live again. */
  IMPORT_UNDONE: async (tx, entry) => {
    const before = (entry.before ?? {}) as { batchId?: unknown; transactions?: unknown };
    if (typeof before.batchId !== 'string') throw new AppError('VALIDATION_ERROR', messages.restoreNotSupported);
    const rows = snapshotsOf(before.transactions);
    const restored = await restoreTransactions(tx, rows);
    await tx.execute(
      sql`update import_batches set undone = false, undone_at = null where id = ${before.batchId} and ledger_id = ${entry.ledgerId}`,
    );
    return { restored, days: daysOf(rows) };
  },

  /** "Registrar capital inicial" (decision 0059): its movements go, the day's base row comes back. */
  CAPITAL_INICIAL_REGISTRADO: deshacerCapitalInicial,
};
