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
/** `POST /api/admin/backups/:id/download` (docs/operations.md#backups): the admin's password, and a code when 2FA is on. */
export const backupDownloadSchema = z.object({ password, code: z.optional(code) });
export type BackupDownloadInput = z.infer<typeof backupDownloadSchema>;
/** A backup's id is its file name (one the list gave). */
export const backupParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** One backup of `GET /api/admin/backups`: `fecha` ISO 8601, `tamano` in bytes, `filas` the rows read back. */
export interface BackupInfo {
  id: string;
  fecha: string;
  tamano: number;
  filas: number;
}

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
