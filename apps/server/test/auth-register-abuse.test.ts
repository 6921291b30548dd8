import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { loginReq, STRONG_PASSWORD } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser } from './support/users.ts';

// Issue 36: 50 sign-ups from one address went through in seconds, and look-alike addresses
// (fullwidth letters, a zero-width space, the dotless ı) became separate accounts.
describe('sign-up abuse: a limit per address, one spelling per email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signUp = (email: string, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: STRONG_PASSWORD, user_name: 'Alguien' },
      remoteAddress,
    });

  it('the 11th sign-up from one address within an hour is 429 in Spanish; other addresses and the next hour go on', async () => {
    for (let i = 1; i <= 10; i++) expect((await signUp(`burst${i}@example.com`, '198.51.100.7')).statusCode).toBe(201);
    const refused = await signUp('burst11@example.com', '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Demasiados registros desde esta conexión. Intenta de nuevo en 60 minutos.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // A refused attempt creates nothing, and a taken address counts as an attempt too.
    expect((await t.ctx.db.select().from(users)).map((u) => u.email)).not.toContain('burst11@example.com');
    expect((await signUp('burst1@example.com', '198.51.100.7')).statusCode).toBe(429);
    expect((await signUp('otra@example.com', '198.51.100.8')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000 + 1_000);
    expect((await signUp('burst11@example.com', '198.51.100.7')).statusCode).toBe(201);
  });

  it('a parallel burst gets no more than the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => signUp(`par${i}@example.com`, '198.51.100.9')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it.each([
    ['fullwidth letters', 'ａｎａ@example.com', '203.0.113.11'],
    ['a zero-width space', 'a\u200bna@example.com', '203.0.113.12'],
    ['a soft hyphen and a zero-width joiner', 'an\u00ada\u200d@example.com', '203.0.113.13'],
    ['upper case', 'ANA@EXAMPLE.COM', '203.0.113.14'],
    ['a fullwidth domain', 'ana@ｅｘａｍｐｌｅ.ｃｏｍ', '203.0.113.15'],
  ])('%s is the same address as ana@example.com: 409, and it signs in to that account', async (_what, lookAlike, address) => {
    if ((await t.ctx.db.select().from(users)).every((u) => u.email !== 'ana@example.com')) {
      expect((await signUp('ana@example.com', '203.0.113.1')).statusCode).toBe(201);
    }
    const again = await signUp(lookAlike, address);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Ya existe una cuenta con este email', code: 'EMAIL_TAKEN' });
    // Sign-in reads the same spelling (an unverified account may sign in: it is sent to verify).
    const login = await loginReq(t, lookAlike, STRONG_PASSWORD, address);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe('ana@example.com');
  });

  it.each([
    ['a dotless ı in the name', 'anı@example.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    ['a Cyrillic а (looks like a)', 'аna@example.com', 'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -'],
    [
      'an accented domain (not in its xn-- form)',
      'ana@exámple.com',
      'El email solo puede llevar letras sin tilde ni ñ, números y los signos . _ + -',
    ],
    ['two dots in a row', 'ana..b@example.com', 'Formato de email inválido'],
    ['a domain label ending in a dash', 'ana@example-.com', 'Formato de email inválido'],
    ['a one-letter top level', 'ana@example.c', 'Formato de email inválido'],
    ['a space inside', 'ana maria@example.com', 'Formato de email inválido'],
  ])('%s is refused with a Spanish 400', async (_what, email, error) => {
    const res = await signUp(email, '192.0.2.200');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, code: 'VALIDATION_ERROR' });
  });

  it('an address with an IDN domain in its ASCII form is accepted', async () => {
    expect((await signUp('pepe@xn--espaa-rta.com', '192.0.2.201')).statusCode).toBe(201);
  });

  it('migration 0015 brings stored look-alikes to one spelling; duplicates and taken spellings stay, nothing fails', async () => {
    const sql = readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations/0015_email-normalized.sql'),
      'utf8',
    );
    // Spellings older versions stored (trimmed and lower-cased only).
    const lone = await createUser(t, { email: 'ｌｕｉｓ@example.com' });
    const zw = await createUser(t, { email: 'mar\u200bta@example.com' });
    const twinA = await createUser(t, { email: 'ｐｅｄｒｏ@example.com' });
    const twinB = await createUser(t, { email: 'pe\u200bdro@example.com' });
    const taken = await createUser(t, { email: 'ａｎａ@example.com' }); // ana@example.com exists
    await t.database.pool.query(sql);
    await t.database.pool.query(sql); // twice: nothing more changes
    const byId = new Map((await t.ctx.db.select().from(users).orderBy(asc(users.createdAt))).map((u) => [u.id, u.email]));
    expect(byId.get(lone.id)).toBe('luis@example.com');
    expect(byId.get(zw.id)).toBe('marta@example.com');
    expect([byId.get(twinA.id), byId.get(twinB.id)]).toEqual(['ｐｅｄｒｏ@example.com', 'pe\u200bdro@example.com']);
    expect(byId.get(taken.id)).toBe('ａｎａ@example.com');
    // The normalized one signs in with what the person types.
    expect((await loginReq(t, 'ＬＵＩＳ@example.com', 'Secreta123!', '192.0.2.202')).statusCode).toBe(200);
  });
});
