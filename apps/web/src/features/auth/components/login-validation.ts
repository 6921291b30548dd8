import { loginSchema, type LoginInput } from '@arb/shared';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The shared login schema (docs/product.md#money) run on the form's values: the parsed values, or the first
 * message of each field. Its own chunk (zod/mini, ~9 KB gzip), loaded when the form is first used.
 */
export function validateLogin(values: LoginInput): { data: LoginInput } | { errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
