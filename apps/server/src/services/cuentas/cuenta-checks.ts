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

/**
 * A queued offline create's accounts (DESIGN §28 "Accounts that come back"): the request was typed
 * before the account was archived, so an archived account of this ledger and currency is not an
 * error — that side goes to Sin asignar (null) and its name is returned for the answer's notice.
 * A foreign or wrong-currency account is still 400 CUENTA_INVALIDA.
 */
export async function queuedCuentaRefs(
  db: DbOrTx,
  ledgerId: string,
  refs: CuentaRef[],
): Promise<{ keep: Set<string>; archivadas: string[] }> {
  const asked = refs.filter((r): r is CuentaRef & { id: string } => typeof r.id === 'string');
  const keep = new Set<string>();
  const archivadas: string[] = [];
  if (asked.length === 0) return { keep, archivadas };
  const found = await db.execute<{ id: string; ledger_id: string; moneda: string; archivada: boolean; nombre: string }>(
    sql`select id, ledger_id, moneda, archivada, nombre from cuentas where id = any(${`{${asked.map((r) => r.id).join(',')}}`}::uuid[])`,
  );
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  for (const ref of asked) {
    const c = byId.get(ref.id);
    if (!c || c.ledger_id !== ledgerId || c.moneda !== ref.moneda)
      throw new AppError('CUENTA_INVALIDA', messages.cuentaInvalida, { [ref.field]: messages.cuentaInvalida });
    if (c.archivada) archivadas.push(c.nombre);
    else keep.add(ref.id);
  }
  return { keep, archivadas };
}

/** Whether the user is a member of the ledger (a titular, a movement's socio). */
export async function isMember(db: DbOrTx, ledgerId: string, userId: string): Promise<boolean> {
  const r = await db.execute(sql`select 1 from ledger_members where ledger_id = ${ledgerId} and user_id = ${userId}`);
  return r.rows.length > 0;
}
