import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '../constants.ts';
import { messages } from '../messages.ts';
import { passwordStrength } from '../password.ts';
import { emailSchema } from './common.ts';

/** A new password: at least 6 characters and a strength score of at least 2 (SPEC §5). */
export const newPasswordSchema = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(200, messages.passwordTooShort)
  .refine((p) => p.length < PASSWORD_MIN_LENGTH || passwordStrength(p).score >= PASSWORD_MIN_SCORE, messages.passwordTooWeak);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userNameSchema = z
  .string({ error: messages.userNameRequired })
  .trim()
  .min(1, messages.userNameRequired)
  .max(80, 'El nombre no puede superar los 80 caracteres');

/** What the API accepts. */
export const registerSchema = z.object({ email: emailSchema, password: newPasswordSchema, user_name: userNameSchema });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form also asks for the confirmation. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDontMatch });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const verifyEmailSchema = z.object({
  token: z.string({ error: messages.verifyTokenMissing }).min(1, messages.verifyTokenMissing).max(200),
});
export const emailOnlySchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.resetTokenInvalid }).min(1, messages.resetTokenInvalid).max(200),
  newPassword: z
    .string({ error: messages.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(200, messages.passwordTooShort),
});
export const resetPasswordFormSchema = z
  .object({ newPassword: resetPasswordSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDontMatch });

/** The user as the API returns it (DESIGN §3 GET /api/auth/me). */
export interface SessionUser {
  id: string;
  email: string;
  user_name: string;
  role: 'USER' | 'ADMIN';
  email_verified: boolean;
  phone_number: string | null;
}

export interface LoginResponse {
  user: SessionUser;
  token: string;
  refreshToken: string;
}
