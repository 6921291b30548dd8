import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgers, users } from '../src/db/schema.ts';
import { loginReq, register } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

describe('npm run user -- create-admin | promote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // The CLI opens the database exactly as the server does: here, DATABASE_URL of the test database.
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/user.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.database.url, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('create-admin makes a verified ADMIN with a personal ledger who can log in', async () => {
    const res = await cli('create-admin', '--email', 'Ops@Example.com', '--password', 'Operador1!', '--name', 'Operaciones');
    expect(res).toMatchObject({ code: 0 });
    expect(res.out).toContain('Administrador creado: ops@example.com');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(row).toMatchObject({ role: 'ADMIN', emailVerified: true, userName: 'Operaciones' });
    expect(await t.ctx.db.select().from(ledgers).where(eq(ledgers.ownerId, row!.id))).toHaveLength(1);
    expect((await loginReq(t, 'ops@example.com', 'Operador1!')).json().user.role).toBe('ADMIN');
  });

  it('refuses an existing email, a weak password and an unknown command', async () => {
    expect(await cli('create-admin', '--email', 'ops@example.com', '--password', 'Operador1!')).toMatchObject({ code: 1 });
    const weak = await cli('create-admin', '--email', 'weak@example.com', '--password', 'abcdefg');
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('La contraseña es muy débil');
    expect((await cli('nada')).code).toBe(2);
  });

  it('promote turns an existing user into ADMIN; an unknown email is an error', async () => {
    await register(t, { email: 'luis@example.com' });
    expect(await cli('promote', '--email', 'LUIS@example.com')).toMatchObject({ code: 0 });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'luis@example.com'));
    expect(row!.role).toBe('ADMIN');
    expect((await cli('promote', '--email', 'nadie@example.com')).code).toBe(1);
  });
});
