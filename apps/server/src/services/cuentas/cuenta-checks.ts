import { sql } from 'drizzle-orm';
import { messages } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The checks of accounts named by a request (docs/product.md#cuentas-y-movimientos): an account of
 * another ledger, of the wrong currency or archived is 400 CUENTA_INVALIDA — but only when the
 * request sets a different account than the row already has (DESIGN §28: an edit that keeps a
 * row's archived account is fine).
 */
export interface CuentaRef {
  id: string | null | undefined;
  moneda: 'VES' | 'USD';
  /** The row's current account (edits): naming it again is always allowed. */
  current?: string | null;
  field: string;
}

export async function checkCuentaRefs(db: DbOrTx, ledgerId: string, refs: CuentaRef[]): Promise<void> {
  const asked = refs.filter((r): r is CuentaRef & { id: string } => typeof r.id === 'string' && r.id !== r.current);
  if (asked.length === 0) return;
  const found = await db.execute<{ id: string; ledger_id: string; moneda: string; archivada: boolean }>(
    sql`select id, ledger_id, moneda, archivada from cuentas where id = any(${`{${asked.map((r) => r.id).join(',')}}`}::uuid[])`,
  );
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  for (const ref of asked) {
    const c = byId.get(ref.id);
    if (!c || c.ledger_id !== ledgerId || c.moneda !== ref.moneda || c.archivada)
      throw new AppError('CUENTA_INVALIDA', messages.cuentaInvalida, { [ref.field]: messages.cuentaInvalida });
  }
}

/** Whether the user is a member of the ledger (a titular, a movement's socio). */
export async function isMember(db: DbOrTx, ledgerId: string, userId: string): Promise<boolean> {
  const r = await db.execute(sql`select 1 from ledger_members where ledger_id = ${ledgerId} and user_id = ${userId}`);
  return r.rows.length > 0;
}
