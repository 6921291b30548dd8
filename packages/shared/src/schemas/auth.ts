// zod/mini (see common.ts): these schemas are part of the login page's first load.
import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '../constants.ts';
import { messages } from '../messages.ts';
import { passwordStrength } from '../password.ts';
import { emailSchema } from './common.ts';

const passwordLength = z
  .string({ error: messages.passwordTooShort })
  .check(z.minLength(PASSWORD_MIN_LENGTH, messages.passwordTooShort), z.maxLength(200, messages.passwordTooLong));

/** A new password: at least 6 characters and a strength score of at least 2 (docs/product.md#money). */
export const newPasswordSchema = passwordLength.check(
  z.refine((p) => p.length < PASSWORD_MIN_LENGTH || passwordStrength(p).score >= PASSWORD_MIN_SCORE, messages.passwordTooWeak),
);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired), z.maxLength(200)),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userNameSchema = z
  .string({ error: messages.userNameRequired })
  .check(z.trim(), z.minLength(1, messages.userNameRequired), z.maxLength(80, 'El nombre no puede superar los 80 caracteres'));

/** What the API accepts. */
export const registerSchema = z.object({ email: emailSchema, password: newPasswordSchema, user_name: userNameSchema });
export type RegisterInput = z.infer<typeof registerSchema>;

/** Confirmation must match; checked even while other fields are still invalid. */
const confirmationMatches = <T extends { confirmPassword: string }>(field: 'password' | 'newPassword') =>
  z.refine<T>((v) => (v as Record<string, unknown>)[field] === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDontMatch,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** The register form also asks for the confirmation. */
export const registerFormSchema = z
  .object({ ...registerSchema.shape, confirmPassword: z.string() })
  .check(confirmationMatches<{ password: string; confirmPassword: string }>('password'));
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().check(z.minLength(1), z.maxLength(200)) });
export const verifyEmailSchema = z.object({
  token: z.string({ error: messages.verifyTokenMissing }).check(z.minLength(1, messages.verifyTokenMissing), z.maxLength(200)),
});
export const emailOnlySchema = z.object({ email: emailSchema });
// One rule for every new password: a reset used to accept what registration refuses (issue 25).
export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.resetTokenInvalid }).check(z.minLength(1, messages.resetTokenInvalid), z.maxLength(200)),
  newPassword: newPasswordSchema,
});
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .check(confirmationMatches<{ newPassword: string; confirmPassword: string }>('newPassword'));

/** The user as the API returns it (docs/api.md GET /api/auth/me). */
export interface SessionUser {
  id: string;
  email: string;
  user_name: string;
  role: 'USER' | 'ADMIN';
  email_verified: boolean;
  phone_number: string | null;
  /** docs/product.md#account-security. */
  two_factor_enabled?: boolean;
}

export interface LoginResponse {
  user: SessionUser;
  token: string;
  refreshToken: string;
}
