import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  emailOnlySchema,
  loginSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './auth.ts';

const firstError = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

const valid = { email: 'ana@example.com', password: 'Secreta1!', confirmPassword: 'Secreta1!', user_name: 'Ana' };

describe('docs/product.md#money auth validation messages', () => {
  it.each([
    ['', 'El email es requerido'],
    ['ana', 'Formato de email inválido'],
    ['ana@example', 'Formato de email inválido'],
    [' ana@example.com', 'El email no debe contener espacios al inicio o final'],
    ['ana@example.com ', 'El email no debe contener espacios al inicio o final'],
  ])('login email %j → %s', (email, message) => {
    expect(firstError(loginSchema, { email, password: 'x' })).toBe(message);
    expect(firstError(registerFormSchema, { ...valid, email })).toBe(message);
    expect(firstError(emailOnlySchema, { email })).toBe(message);
  });

  // Issue 36: one spelling per address; look-alikes that survive it are refused.
  it.each([
    ['ＡＮＡ@ｅｘａｍｐｌｅ.ｃｏｍ', 'ana@example.com'],
    ['a\u200bn\u200ca\u200d@example.com', 'ana@example.com'],
    ['\ufeffana@example.com\u2060', 'ana@example.com'],
    ['An\u00ada.Perez@Example.COM', 'ana.perez@example.com'], // a soft hyphen
    ['pepe+arb@xn--espaa-rta.com', 'pepe+arb@xn--espaa-rta.com'],
    ['\u212a@example.com', 'k@example.com'], // the Kelvin sign is a K
  ])('%j is read as %s', (email, expected) => {
    expect(emailOnlySchema.parse({ email }).email).toBe(expected);
    expect(loginSchema.parse({ email, password: 'x' }).email).toBe(expected);
  });

  it.each([
    ['anı@example.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    ['İnes@example.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    ['josé@example.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    ['ana@españa.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    ['.ana@example.com', 'Formato de email inválido'],
    ['ana.@example.com', 'Formato de email inválido'],
    ['ana@-example.com', 'Formato de email inválido'],
    ['ana@example.123', 'Formato de email inválido'],
    ['ana@@example.com', 'Formato de email inválido'],
    [`${'a'.repeat(65)}@example.com`, 'Formato de email inválido'],
  ])('%j → %s', (email, message) => {
    expect(firstError(emailOnlySchema, { email })).toBe(message);
  });

  it('accepts valid login data', () => {
    expect(loginSchema.safeParse({ email: 'ana@example.com', password: 'x' }).success).toBe(true);
  });

  it.each([
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, 'La contraseña debe tener al menos 6 caracteres'],
    [{ password: 'abcdefg', confirmPassword: 'abcdefg' }, 'La contraseña es muy débil. Por favor elige una contraseña más segura.'],
    [{ password: 'Secreta1!', confirmPassword: 'Secreta2!' }, 'Las contraseñas no coinciden'],
    // issue 17: a password over 200 characters was told it had fewer than 6
    [{ password: 'Aa1!'.repeat(51), confirmPassword: 'Aa1!'.repeat(51) }, 'La contraseña no puede tener más de 200 caracteres'],
  ])('register %o → %s', (patch, message) => {
    const r = registerFormSchema.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('the mismatch is reported on the confirmation field', () => {
    const r = registerFormSchema.safeParse({ ...valid, confirmPassword: 'otra' });
    expect(r.error!.issues.find((i) => i.message === 'Las contraseñas no coinciden')!.path).toEqual(['confirmPassword']);
  });

  it('score 2 is enough, 6 characters are enough', () => {
    expect(registerSchema.safeParse({ ...valid, password: 'abcde1!' }).success).toBe(true); // digit + symbol
  });

  it.each([
    [{ token: 't', newPassword: 'abc' }, 'La contraseña debe tener al menos 6 caracteres'],
    // score 0 (no 8 characters, one case, no digit, no symbol): registration refuses it, so does reset
    [{ token: 't', newPassword: 'abcdef' }, 'La contraseña es muy débil. Por favor elige una contraseña más segura.'],
    [{ token: '', newPassword: 'Abcdef1' }, 'Token de restablecimiento no válido'],
    [{ newPassword: 'Abcdef1' }, 'Token de restablecimiento no válido'],
  ])('reset %o → %s', (value, message) => {
    expect(firstError(resetPasswordSchema, value)).toBe(message);
  });

  it('reset form: fields must match', () => {
    expect(firstError(resetPasswordFormSchema, { newPassword: 'Abcdef1', confirmPassword: 'Abcdef2' })).toBe(
      'Las contraseñas no coinciden',
    );
    // score 2 (upper and lower case, a digit) is enough, as at registration
    expect(resetPasswordFormSchema.safeParse({ newPassword: 'Abcdef1', confirmPassword: 'Abcdef1' }).success).toBe(true);
  });

  it('verify: token present', () => {
    expect(firstError(verifyEmailSchema, { token: '' })).toBe('Token de verificación no proporcionado');
    expect(firstError(verifyEmailSchema, {})).toBe('Token de verificación no proporcionado');
  });
});
