// zod/mini like common.ts: the shared package stays light for the login page's budget (DESIGN §11).
import { z } from 'zod/mini';
import { LEDGER_NAME_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import { dayKeySchema, uuidSchema } from './common.ts';

/**
 * Ledger name (SPEC §5): trimmed, at most 80 characters. Creating says 'es requerido' when blank,
 * renaming says 'no puede estar vacío'; both forms and both routes use these schemas.
 */
const ledgerName = (blank: string) =>
  z.string({ error: blank }).check(z.trim(), z.minLength(1, blank), z.maxLength(LEDGER_NAME_MAX, messages.ledgerNameTooLong));

export const createLedgerSchema = z.object({ name: ledgerName(messages.ledgerNameRequired) });
export type CreateLedgerInput = z.infer<typeof createLedgerSchema>;

export const renameLedgerSchema = z.object({ name: ledgerName(messages.ledgerNameEmpty) });
export type RenameLedgerInput = z.infer<typeof renameLedgerSchema>;

/** Invite codes are base64url (16 random bytes → 22 characters); anything else is simply unknown. */
export const inviteCodeSchema = z
  .string({ error: messages.inviteInvalid })
  .check(z.trim(), z.minLength(1, messages.inviteInvalid), z.maxLength(64, messages.inviteInvalid));

export const joinLedgerSchema = z.object({ inviteCode: inviteCodeSchema });
export const memberPermissionsSchema = z.object({ canModifyBalance: z.boolean({ error: messages.validationFailed }) });
export const resetLedgerSchema = z.object({ fecha: dayKeySchema });
export const ledgerMemberParamsSchema = z.object({ id: uuidSchema, userId: uuidSchema });

/** The ledger as the API returns it (DESIGN §3 GET /api/ledgers). */
export interface LedgerUser {
  id: string;
  user_name: string;
  email: string;
}

export interface LedgerMember {
  userId: string;
  canModifyBalance: boolean;
  user: LedgerUser;
}

export interface Ledger {
  id: string;
  name: string;
  ownerId: string;
  owner: LedgerUser;
  /** Only the owner sees it; null for everyone else. */
  inviteCode: string | null;
  /** Every member, the owner included. */
  members: LedgerMember[];
  _count: { transactions: number };
  createdAt: string;
}

export interface LedgerInvite {
  inviteCode: string;
  inviteUrl: string;
}

export interface InviteInfo {
  ledger: { id: string; name: string; owner: { user_name: string; email: string } };
}
