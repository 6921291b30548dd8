// Account security (docs/product.md#account-security). zod/mini like auth.ts: the login page's second step uses these.
import { z } from 'zod/mini';
import { messages } from '../messages.ts';

const password = z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired), z.maxLength(200));
/** A TOTP code (6 digits) or a recovery code (letters, digits and a dash); spaces are ignored. */
const code = z
  .string({ error: messages.totpCodeRequired })
  .check(z.trim(), z.minLength(1, messages.totpCodeRequired), z.maxLength(40, messages.totpInvalid));

export const twoFactorSetupSchema = z.object({ password });
export const twoFactorEnableSchema = z.object({ password, code });
export const twoFactorDisableSchema = z.object({ password, code });
export const loginSecondStepSchema = z.object({
  mfaToken: z.string().check(z.minLength(1), z.maxLength(200)),
  code,
});
export type LoginSecondStepInput = z.infer<typeof loginSecondStepSchema>;

export interface TwoFactorSetupResponse {
  secret: string;
  otpauthUrl: string;
}
export interface TwoFactorEnableResponse {
  recoveryCodes: string[];
}
/** `POST /api/auth/login` with two-factor on: no tokens yet. */
export interface MfaRequiredResponse {
  mfaRequired: true;
  mfaToken: string;
}

/** `GET /api/auth/sessions` (docs/product.md#account-security). */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** `GET /api/config` (public): what the web's guards follow. */
export interface PublicConfig {
  requireEmailVerification: boolean;
  membershipRequired: boolean;
  telegram: { enabled: boolean; botUsername: string | null };
}
