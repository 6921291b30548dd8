import { desc, eq } from 'drizzle-orm';
import { messages, toBig, toNumber, type AdminTransaction } from '@arb/shared';
import { ledgers, transactions, users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

/** The admin dialog shows the newest transactions; a user with more sees the latest 1,000. */
export const ADMIN_TRANSACTIONS_LIMIT = 1000;

/** Transactions the user created (in any ledger), newest first (docs/api.md). */
export async function userTransactions(db: DbOrTx, userId: string): Promise<AdminTransaction[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  const rows = await db
    .select({
      id: transactions.id,
      fecha: transactions.fecha,
      ledgerId: ledgers.id,
      ledgerName: ledgers.name,
      venta: transactions.venta,
      tasaVenta: transactions.tasaVenta,
      compra: transactions.compra,
      tasaCompra: transactions.tasaCompra,
      gananciaUsd: transactions.gananciaUsd,
      comisionUsd: transactions.comisionUsd,
      ocurridoEn: transactions.ocurridoEn,
      origen: transactions.origen,
      referencia: transactions.referencia,
      estaVerificada: transactions.estaVerificada,
      notas: transactions.notas,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(ledgers, eq(ledgers.id, transactions.ledgerId))
    .where(eq(transactions.createdBy, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ADMIN_TRANSACTIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    fecha: r.fecha,
    ledger: { id: r.ledgerId, name: r.ledgerName },
    venta: toNumber(toBig(r.venta), 2),
    tasa_venta: toNumber(toBig(r.tasaVenta), 4),
    compra: toNumber(toBig(r.compra), 2),
    tasa_compra: toNumber(toBig(r.tasaCompra), 4),
    ganancia: toNumber(toBig(r.gananciaUsd), 2),
    comision_usd: toNumber(toBig(r.comisionUsd), 8),
    ocurrido_en: r.ocurridoEn.toISOString(),
    origen: r.origen,
    referencia: r.referencia,
    esta_verificada: r.estaVerificada,
    notas: r.notas,
    createdAt: r.createdAt.toISOString(),
  }));
}
