import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMembers, ledgers, users } from '../src/db/schema.ts';
import { lastToken, outboxTo, register } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 201 {message}; the first user ever becomes ADMIN, the next ones USER', async () => {
    const first = await register(t, { email: 'first@example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Usuario registrado exitosamente. Por favor verifica tu email.' });
    await register(t, { email: 'second@example.com' });
    const rows = await t.ctx.db.select({ email: users.email, role: users.role, verified: users.emailVerified }).from(users);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'first@example.com', role: 'ADMIN', verified: false },
        { email: 'second@example.com', role: 'USER', verified: false },
      ]),
    );
  });

  it('hashes the password with argon2id m=19456,t=2,p=1', async () => {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'first@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain('Secreta123!');
  });

  it('gives every new user a ledger "Mi Registro" they own, with an unguessable invite code', async () => {
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'second@example.com'));
    const owned = await t.ctx.db.select().from(ledgers).where(eq(ledgers.ownerId, user!.id));
    expect(owned).toHaveLength(1);
    expect(owned[0]!.name).toBe('Mi Registro');
    expect(owned[0]!.inviteCode).toMatch(/^[A-Za-z0-9_-]{16,}$/); // ≥ 96 bits, base64url
    const members = await t.ctx.db.select().from(ledgerMembers).where(eq(ledgerMembers.ledgerId, owned[0]!.id));
    expect(members).toEqual([expect.objectContaining({ userId: user!.id, canModifyBalance: true })]);
  });

  it('queues a Spanish verification mail with an APP_URL link, in the same transaction', async () => {
    const [mail] = await outboxTo(t, 'first@example.com');
    expect(mail!.subject).toContain('Verifica tu email');
    expect(mail!.text).toContain('http://localhost:3000/verify-email?token=');
    expect(mail!.html).toContain('href="http://localhost:3000/verify-email?token=');
    expect(await lastToken(t, 'first@example.com', '/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the email trimmed and lower-cased and refuses a duplicate in any case with 409', async () => {
    const res = await register(t, { email: 'Mixed.Case@Example.com' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(row).toBeDefined();
    const dup = await register(t, { email: 'MIXED.case@example.COM' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'Ya existe una cuenta con este email', code: 'EMAIL_TAKEN' });
  });

  it('a duplicate sign-up leaves nothing behind (one transaction)', async () => {
    const before = await t.ctx.db.select().from(ledgers);
    await register(t, { email: 'first@example.com' });
    expect(await t.ctx.db.select().from(ledgers)).toHaveLength(before.length);
    expect(await outboxTo(t, 'first@example.com')).toHaveLength(1);
  });

  it.each([
    [{ email: '', password: 'Secreta123!', user_name: 'A' }, 'El email es requerido'],
    [{ email: 'no-es-email', password: 'Secreta123!', user_name: 'A' }, 'Formato de email inválido'],
    [{ email: ' a@b.co', password: 'Secreta123!', user_name: 'A' }, 'El email no debe contener espacios al inicio o final'],
    [{ email: 'a@b.co', password: 'Ab1!', user_name: 'A' }, 'La contraseña debe tener al menos 6 caracteres'],
    [{ email: 'a@b.co', password: 'abcdefg', user_name: 'A' }, 'La contraseña es muy débil. Por favor elige una contraseña más segura.'],
    [{ email: 'a@b.co', password: 'Secreta123!', user_name: '  ' }, 'El nombre es requerido'],
  ])('400 with the SPEC message for %o', async (payload, message) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('two simultaneous first sign-ups on a fresh database make exactly one ADMIN', async () => {
    const fresh = await createTestApp();
    try {
      await Promise.all([
        register(fresh, { email: 'x1@example.com' }),
        register(fresh, { email: 'x2@example.com' }),
        register(fresh, { email: 'x3@example.com' }),
      ]);
      const roles = (await fresh.ctx.db.select({ role: users.role }).from(users)).map((r) => r.role).sort();
      expect(roles).toEqual(['ADMIN', 'USER', 'USER']);
    } finally {
      await fresh.close();
    }
  });
});
