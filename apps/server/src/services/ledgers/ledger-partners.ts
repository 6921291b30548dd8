import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

/**
 * DESIGN §28 "Former partners" (docs/decisions/0055, 0059): deleting a ledger deletes, by cascade,
 * the accounts, aportes and retiros its partners keep there. While a ledger has a member other than
 * its owner and any account or movement, neither the owner (DELETE /api/ledgers/:id) nor an admin
 * deleting the owner (DELETE /api/admin/users/:id) may delete it: 409 LEDGER_CON_SOCIOS, until it
 * is handed over.
 *
 * Race-free: the ledger rows are locked (`for update`) before anything is read. Creating an
 * account, a movement or a membership checks its foreign key to the ledger with `for key share`,
 * which waits for that lock, so nothing can slip in between this check and the delete; and a
 * write already in flight holds its key-share lock, so the `for update` waits for it to commit
 * and the check (a new statement, a new snapshot under READ COMMITTED) then sees it.
 *
 * Returns the first such ledger's name (by name, then id), or undefined.
 */
export async function lockLedgerConSocios(tx: Tx, which: { ledgerId: string } | { ownerId: string }): Promise<string | undefined> {
  const where: SQL = 'ledgerId' in which ? sql`l.id = ${which.ledgerId}` : sql`l.owner_id = ${which.ownerId}`;
  await tx.execute(sql`select l.id from ledgers l where ${where} order by l.id for update`);
  const shared = await tx.execute<{ name: string }>(sql`
    select l.name from ledgers l
    where ${where}
      and exists (select 1 from ledger_members m where m.ledger_id = l.id and m.user_id <> l.owner_id)
      and (exists (select 1 from cuentas c where c.ledger_id = l.id) or exists (select 1 from movimientos v where v.ledger_id = l.id))
    order by l.name, l.id
    limit 1`);
  return shared.rows[0]?.name;
}
