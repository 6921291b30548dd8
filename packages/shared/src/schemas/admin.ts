import { z } from 'zod';
import { ROLES, type Role } from '../constants.ts';
import type { MembershipStatus } from '../membership.ts';
import { emailSchema } from './common.ts';

export const roleSchema = z.object({ role: z.enum(ROLES) });
export const adminEmailSchema = z.object({ email: emailSchema });
export const approveProofSchema = z.object({ days: z.coerce.number().int().min(1).max(3660).optional() });
export const rejectProofSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const setMembershipSchema = z.object({ membership_end: z.iso.datetime({ offset: true }).nullable() });

/** Columns the users table may be sorted by; a leading '-' sorts descending. */
export const ADMIN_USER_SORTS = [
  'user_name',
  'email',
  'role',
  'is_active',
  'email_verified',
  'created_at',
  'membership_end',
  'owned_ledgers',
  'memberships',
  'payment_proofs',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${ADMIN_USER_SORTS.join('|')})$`))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** docs/api.md user (admin view). */
export interface AdminUser {
  id: string;
  user_name: string;
  email: string;
  role: Role;
  is_active: boolean;
  email_verified: boolean;
  phone_number: string | null;
  /** docs/product.md#account-security; reset with DELETE /api/admin/users/:id/2fa. */
  two_factor_enabled?: boolean;
  membership_status: MembershipStatus;
  days_remaining: number;
  membership_start: string | null;
  membership_end: string | null;
  created_at: string;
  _count: { ownedLedgers: number; memberships: number; paymentProofs: number };
}

/** The paged answer of GET /api/admin/users when page/pageSize/search/sort are given. */
export interface AdminUsersPage {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** docs/api.md transaction (admin view); `ganancia` is the profit in USD. */
export interface AdminTransaction {
  id: string;
  fecha: string;
  ledger: { id: string; name: string };
  venta: number;
  tasa_venta: number;
  compra: number;
  tasa_compra: number;
  ganancia: number;
  /** The fee in USD, up to 8 decimals (docs/product.md#binance-import). */
  comision_usd: number;
  /** When the order happened, ISO 8601 (docs/product.md#binance-import). */
  ocurrido_en: string;
  /** Where the row came from and the imported order's number (docs/product.md#binance-import). */
  origen: 'manual' | 'binance_p2p';
  referencia: string | null;
  esta_verificada: boolean;
  notas: string | null;
  createdAt: string;
}
