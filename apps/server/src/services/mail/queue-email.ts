import { emailOutbox } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Writes a mail to the outbox inside the caller's transaction (docs/product.md#reliability-rules): it is sent if and only
 * if the change that caused it commits. Call `notifyOutbox()` after the commit to send it at once.
 */
export async function queueEmail(tx: DbOrTx, mail: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values(mail);
}

const kickers = new Set<() => void>();

/** Wakes the senders of this process (the poll would find the mail within its interval anyway). */
export function notifyOutbox(): void {
  for (const kick of kickers) kick();
}

export function onOutboxNotified(kick: () => void): () => void {
  kickers.add(kick);
  return () => kickers.delete(kick);
}
