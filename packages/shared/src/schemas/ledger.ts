// zod/mini like common.ts: the shared package stays light for the login page's budget (docs/benchmarks.md).
import { z } from 'zod/mini';
import { LEDGER_NAME_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import { dayKeySchema, uuidSchema } from './common.ts';
import { rateSchema } from './transaction.ts';
import { repartoSchema } from './socios.ts';
import type { Reparto } from '../money/liquidacion.ts';

/**
 * Ledger name (docs/product.md#money): trimmed, at most 80 characters. Creating says 'es requerido' when blank,
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
/**
 * PATCH …/members/:userId/permissions: either flag or both. `soloLectura` (a viewer, docs/product.md
 * "Permissions") wins: setting it clears canModifyBalance, and canModifyBalance: true with it is refused.
 */
export const memberPermissionsSchema = z
  .object({
    canModifyBalance: z.optional(z.boolean({ error: messages.validationFailed })),
    soloLectura: z.optional(z.boolean({ error: messages.validationFailed })),
  })
  .check(
    z.refine((b) => b.canModifyBalance !== undefined || b.soloLectura !== undefined, messages.validationFailed),
    z.refine((b) => !(b.soloLectura === true && b.canModifyBalance === true), messages.soloLecturaExclusive),
  );
export type MemberPermissionsInput = z.output<typeof memberPermissionsSchema>;
export const resetLedgerSchema = z.object({ fecha: dayKeySchema });
export const ledgerMemberParamsSchema = z.object({ id: uuidSchema, userId: uuidSchema });
/** PUT /api/ledgers/:id/owner: the member who becomes the owner (docs/product.md#socios-y-liquidacion "Former partners"). */
export const transferOwnershipSchema = z.object({ userId: uuidSchema }, { error: messages.validationFailed });
export type TransferOwnershipInput = z.output<typeof transferOwnershipSchema>;

/** docs/product.md#profit-method-and-position: how a ledger computes its profit. */
export const METODOS_GANANCIA = ['por_operacion', 'costo_promedio'] as const;
export type MetodoGanancia = (typeof METODOS_GANANCIA)[number];

/** PUT /api/ledgers/:id/settings: any subset of the settings (DESIGN §22), at least one. */
export const ledgerSettingsSchema = z
  .object({
    metodo_ganancia: z.optional(z.enum(METODOS_GANANCIA, { error: messages.validationFailed })),
    reparto: z.optional(repartoSchema),
  })
  .check(z.refine((b) => b.metodo_ganancia !== undefined || b.reparto !== undefined, messages.validationFailed));
export type LedgerSettingsInput = z.infer<typeof ledgerSettingsSchema>;

/** GET /api/ledgers/:id/position?fecha&tasa (docs/product.md#profit-method-and-position): both optional; a given tasa must be > 0. */
export const positionQuerySchema = z.object({
  fecha: z.optional(dayKeySchema),
  tasa: z.optional(rateSchema.check(z.refine((v: string) => Number(v) > 0, messages.rateInvalid))),
});
export type PositionQuery = z.output<typeof positionQuerySchema>;

/** GET /api/ledgers/:id/pnl?desde&hasta (docs/product.md#profit-method-and-position): inclusive days, default the last 30 days. */
export const pnlQuerySchema = z.object({ desde: z.optional(dayKeySchema), hasta: z.optional(dayKeySchema) });

/** The ledger as the API returns it (docs/api.md GET /api/ledgers). */
export interface LedgerUser {
  id: string;
  user_name: string;
  email: string;
}

export interface LedgerMember {
  userId: string;
  canModifyBalance: boolean;
  /** A viewer member ("Solo lectura"): reads everything, writes nothing. */
  soloLectura: boolean;
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
  /** docs/product.md#profit-method-and-position: the profit method of its figures. */
  metodo_ganancia: MetodoGanancia;
  /** docs/product.md#socios-y-liquidacion: how the period's result is split. */
  reparto?: Reparto;
  createdAt: string;
}

export interface LedgerInvite {
  inviteCode: string;
  inviteUrl: string;
}

export interface InviteInfo {
  ledger: { id: string; name: string; owner: { user_name: string; email: string } };
}
