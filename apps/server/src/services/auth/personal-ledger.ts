import { DEFAULT_LEDGER_NAME } from '@arb/shared';
import { ledgerMembers, ledgers } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { newInviteCode } from '../ledgers/invite-code.ts';

/** Every new user starts with a ledger of their own, "Mi Registro", owned with every permission. */
export async function createPersonalLedger(tx: DbOrTx, userId: string): Promise<string> {
  const [ledger] = await tx
    .insert(ledgers)
    .values({ name: DEFAULT_LEDGER_NAME, ownerId: userId, inviteCode: newInviteCode() })
    .returning({ id: ledgers.id });
  await tx.insert(ledgerMembers).values({ ledgerId: ledger!.id, userId, canModifyBalance: true });
  return ledger!.id;
}
