import { z } from 'zod';
import { NOTES_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import type { MembershipStatus } from '../membership.ts';
import { userNameSchema } from './auth.ts';

/** PUT /api/membership/profile and the contact card's form. */
export const profileSchema = z.object({
  user_name: userNameSchema,
  phone_number: z
    .string()
    .trim()
    .max(30, messages.phoneInvalid)
    .refine((v) => v === '' || /^\+?[\d\s().-]{4,30}$/.test(v), messages.phoneInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** The optional note sent with a payment proof (multipart field `note`). */
export const proofNoteSchema = z
  .string()
  .trim()
  .max(NOTES_MAX, messages.notesTooLong)
  .transform((v) => (v === '' ? null : v));

/** GET /api/membership/my-membership (SPEC §3 membership info, plus whether it gates writes). */
export interface MembershipInfo {
  user_name: string;
  phone_number: string | null;
  email: string;
  membership_status: MembershipStatus;
  membership_start: string | null;
  membership_end: string | null;
  days_remaining: number;
  created_at: string;
  /** MEMBERSHIP_REQUIRED: without an active membership, ledger writes are refused (DESIGN §4.6). */
  membership_required: boolean;
}

export type ProofStatus = 'pending' | 'approved' | 'rejected';

/** SPEC §3 payment proof; `imageUrl` is a signed URL valid one hour. */
export interface PaymentProof {
  id: string;
  note: string | null;
  imageUrl: string;
  createdAt: string;
  status: ProofStatus;
  rejectionReason: string | null;
}
