// zod/mini like auth.ts: the profile form loads with the membership page, and mixing classic zod
// into the web's shared chunks grows the login page's first load (docs/benchmarks.md).
import { z } from 'zod/mini';
import { NOTES_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import type { MembershipStatus } from '../membership.ts';
import { userNameSchema } from './auth.ts';

const PHONE_RE = /^\+?[\d\s().-]{4,30}$/;

/** PUT /api/membership/profile and the contact card's form; the server stores an empty phone as null. */
export const profileSchema = z.object({
  user_name: userNameSchema,
  phone_number: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(30, messages.phoneInvalid),
        z.refine((v) => v === '' || PHONE_RE.test(v), messages.phoneInvalid),
      ),
    ),
  ),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** The optional note sent with a payment proof (multipart field `note`). */
export const proofNoteSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(NOTES_MAX, messages.notesTooLong)),
  z.transform((v: string) => (v === '' ? null : v)),
);

/** GET /api/membership/my-membership (docs/api.md membership info, plus whether it gates writes). */
export interface MembershipInfo {
  user_name: string;
  phone_number: string | null;
  email: string;
  membership_status: MembershipStatus;
  membership_start: string | null;
  membership_end: string | null;
  days_remaining: number;
  created_at: string;
  /** MEMBERSHIP_REQUIRED: without an active membership, ledger writes are refused (docs/product.md#memberships). */
  membership_required: boolean;
}

export type ProofStatus = 'pending' | 'approved' | 'rejected';

/** docs/api.md payment proof; `imageUrl` is a signed URL valid one hour. */
export interface PaymentProof {
  id: string;
  note: string | null;
  imageUrl: string;
  createdAt: string;
  status: ProofStatus;
  rejectionReason: string | null;
}
