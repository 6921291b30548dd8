import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ledger, LedgerMember } from '@arb/shared';
import { ledgerMembers, ledgers, users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';

const owners = alias(users, 'owners');

/**
 * The ledgers `viewerId` belongs to, in the shape of docs/api.md, in exactly two queries whatever
 * their number: the ledgers with their owner and transaction count, then all their members.
 * `onlyId` narrows it to one ledger (the answer of create / rename / join).
 */
export async function ledgersOf(db: DbOrTx, viewerId: string, onlyId?: string): Promise<Ledger[]> {
  const mine = db.select({ id: ledgerMembers.ledgerId }).from(ledgerMembers).where(eq(ledgerMembers.userId, viewerId));
  const rows = await db
    .select({
      id: ledgers.id,
      name: ledgers.name,
      ownerId: ledgers.ownerId,
      inviteCode: ledgers.inviteCode,
      metodoGanancia: ledgers.metodoGanancia,
      reparto: ledgers.reparto,
      createdAt: ledgers.createdAt,
      ownerName: owners.userName,
      ownerEmail: owners.email,
      // From the per-day totals the transactions trigger keeps (one row per day, not per
      // transaction), still inside this one query for every ledger.
      transactions: sql<number>`(select coalesce(sum(d.transaction_count), 0)::int from ledger_day_totals d where d.ledger_id = ${ledgers.id})`,
    })
    .from(ledgers)
    .innerJoin(owners, eq(owners.id, ledgers.ownerId))
    .where(onlyId ? and(eq(ledgers.id, onlyId), inArray(ledgers.id, mine)) : inArray(ledgers.id, mine))
    .orderBy(asc(ledgers.createdAt), asc(ledgers.id));
  if (rows.length === 0) return [];

  const memberRows = await db
    .select({
      ledgerId: ledgerMembers.ledgerId,
      userId: ledgerMembers.userId,
      canModifyBalance: ledgerMembers.canModifyBalance,
      soloLectura: ledgerMembers.soloLectura,
      userName: users.userName,
      email: users.email,
    })
    .from(ledgerMembers)
    .innerJoin(users, eq(users.id, ledgerMembers.userId))
    .where(
      inArray(
        ledgerMembers.ledgerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ledgerMembers.joinedAt), asc(ledgerMembers.userId));

  const byLedger = new Map<string, LedgerMember[]>();
  for (const m of memberRows) {
    const list = byLedger.get(m.ledgerId) ?? [];
    list.push({
      userId: m.userId,
      canModifyBalance: m.canModifyBalance,
      soloLectura: m.soloLectura,
      user: { id: m.userId, user_name: m.userName, email: m.email },
    });
    byLedger.set(m.ledgerId, list);
  }

  return rows.map((r) => {
    const members = byLedger.get(r.id) ?? [];
    // The owner first, then in joining order.
    members.sort((a, b) => Number(b.userId === r.ownerId) - Number(a.userId === r.ownerId));
    return {
      id: r.id,
      name: r.name,
      ownerId: r.ownerId,
      owner: { id: r.ownerId, user_name: r.ownerName, email: r.ownerEmail },
      inviteCode: r.ownerId === viewerId ? r.inviteCode : null,
      members,
      _count: { transactions: Number(r.transactions) },
      metodo_ganancia: r.metodoGanancia,
      reparto: r.reparto,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function ledgerOf(db: DbOrTx, viewerId: string, ledgerId: string): Promise<Ledger | undefined> {
  const [ledger] = await ledgersOf(db, viewerId, ledgerId);
  return ledger;
}
