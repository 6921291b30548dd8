import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo } from '@arb/shared';
import { adminAudit, users } from '../src/db/schema.ts';
import { newTotpSecret } from '../src/services/auth/totp.ts';
import { countBackupRows } from '../src/services/backup.ts';
import { createBackupScheduler } from '../src/services/backups/backup-schedule.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { totpCode } from './support/totp.ts';
import { createUser, type TestUser } from './support/users.ts';

const HOUR = 3_600_000;

/** Waits until `check` holds (the schedulers run on timers), failing after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Scheduled backups and the admin's backup routes (docs/operations.md#backups, DESIGN §26/§28). */
describe('scheduled backups', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backups-')), 'copias');
  const files = () => readdirSync(dir).sort();
  const list = async (app: TestApp = t, user: TestUser = admin) =>
    (await app.request({ method: 'GET', url: '/api/admin/backups', token: user.token })).json() as BackupInfo[];

  beforeAll(async () => {
    t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
    admin = await createUser(t, { role: 'ADMIN', email: 'admin@example.com' });
    alice = await createUser(t, { email: 'alice@example.com' });
  });
  afterAll(async () => t.close());

  it('writes a copy now (201), read back and counted, 0600 in a 0700 folder; keeps BACKUP_KEEP newest', async () => {
    const created: BackupInfo[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'POST', url: '/api/admin/backups', token: admin.token });
      expect(res.statusCode).toBe(201);
      created.push((res.json() as { backup: BackupInfo }).backup);
      t.clock.advance(60_000);
    }
    const listed = await list();
    expect(listed.map((b) => b.id)).toEqual([created[2]!.id, created[1]!.id]);
    expect(files()).toEqual([created[1]!.id, created[2]!.id]);
    for (const b of listed) {
      const file = path.join(dir, b.id);
      expect(b.tamano).toBe(statSync(file).size);
      expect(b.filas).toBe(await countBackupRows(file));
      // users, sessions, ledgers, members at least.
      expect(b.filas).toBeGreaterThan(4);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'BACKUP_CREATED'));
    expect(audit).toHaveLength(3);
  });

  it('a failed read-back deletes no older copy and leaves no temporary file (500 BACKUP_FAILED)', async () => {
    const before = files();
    expect(before).toHaveLength(2);
    const failing = await createTestApp(
      { BACKUP_DIR: dir, BACKUP_KEEP: '1' },
      { database: t.database, backups: { readBack: async () => Promise.reject(new Error('truncated gzip')) } },
    );
    try {
      const root = await createUser(failing, { role: 'ADMIN' });
      const res = await failing.request({ method: 'POST', url: '/api/admin/backups', token: root.token });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: 'BACKUP_FAILED',
        error: 'No se pudo crear la copia de seguridad; las copias anteriores se conservan',
      });
      await expect(failing.ctx.backups.createNow()).rejects.toThrow('truncated gzip');
      expect(files()).toEqual(before);
    } finally {
      await failing.close();
    }
  });

  it('a write that stops half way (a full disk) deletes no older copy and leaves no temporary file', async () => {
    const before = files();
    expect(before).toHaveLength(2);
    // The scheduler itself, as the app builds it, with a write that fails after some bytes.
    const halfWay = createBackupScheduler({
      pool: t.database.pool,
      dir,
      everyHours: 0,
      // 1: a prune would have removed one of the two copies.
      keep: 1,
      now: () => new Date(),
      log: t.app.log,
      write: async (_pool, file) => {
        writeFileSync(file, 'partial');
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    });
    await expect(halfWay.createNow()).rejects.toThrow('ENOSPC');
    expect(files()).toEqual(before);
  });

  it('an unwritable BACKUP_DIR fails the backup and leaves the copies of the right folder alone', async () => {
    const before = files();
    const notADir = path.join(dir, '..', 'a-file');
    writeFileSync(notADir, 'x');
    const broken = await createTestApp({ BACKUP_DIR: path.join(notADir, 'copias'), BACKUP_KEEP: '1' }, { database: t.database });
    try {
      await expect(broken.ctx.backups.createNow()).rejects.toThrow();
      expect(files()).toEqual(before);
    } finally {
      await broken.close();
    }
  });

  it('two instances on one database never write the same scheduled backup twice', async () => {
    const shared = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backups-')), 'shared');
    await t.database.pool.query('update backup_state set last_at = null');
    const env = { BACKUP_DIR: shared, BACKUP_EVERY_HOURS: '1', BACKUP_KEEP: '10' };
    const [a, b] = await Promise.all([
      createTestApp(env, { database: t.database, backups: { checkMs: 20 } }),
      createTestApp(env, { database: t.database, backups: { checkMs: 20 } }),
    ]);
    try {
      const names = () => (existsSync(shared) ? readdirSync(shared).filter((n) => n.startsWith('backup-')) : []);
      await until(() => names().length >= 1);
      // Many checks of both instances later, still one: the time of the last one is in the database.
      await new Promise((r) => setTimeout(r, 500));
      expect(names()).toHaveLength(1);
      a.clock.advance(HOUR + 60_000);
      b.clock.advance(HOUR + 60_000);
      await until(() => names().length >= 2);
      await new Promise((r) => setTimeout(r, 500));
      expect(names()).toHaveLength(2);
      // The timers stop before the clocks move: moved first, a timer's check (every 20 ms) could
      // write the third copy before the direct race below, which then found nothing due (a flake).
      await a.ctx.backups.stop();
      await b.ctx.backups.stop();
      a.clock.advance(HOUR + 60_000);
      b.clock.advance(HOUR + 60_000);
      // Racing directly: one writes, the other is turned away by the lock or finds it done.
      const runs = await Promise.all([a.ctx.backups.runIfDue(), b.ctx.backups.runIfDue()]);
      expect(runs.filter((r) => r.status === 'written')).toHaveLength(1);
      expect(names()).toHaveLength(3);
      expect(readdirSync(shared).filter((n) => !n.startsWith('backup-'))).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('is ADMIN only: a user gets 403 on the list, a new copy and a download', async () => {
    const [first] = await list();
    for (const [method, url, payload] of [
      ['GET', '/api/admin/backups', undefined],
      ['POST', '/api/admin/backups', undefined],
      ['POST', `/api/admin/backups/${first!.id}/download`, { password: alice.password }],
    ] as const) {
      const res = await t.request({ method, url, token: alice.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `/api/admin/backups/${first!.id}`, token: admin.token })).statusCode).toBe(404);
  });

  it('downloads only with the admin password, and records it', async () => {
    const [first] = await list();
    const url = `/api/admin/backups/${first!.id}/download`;
    const wrong = await t.request({ method: 'POST', url, token: admin.token, payload: { password: 'otra-clave' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const missing = await t.request({ method: 'POST', url, token: admin.token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const before = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'BACKUP_DOWNLOADED'));
    expect(before).toHaveLength(0);

    const ok = await t.request({ method: 'POST', url, token: admin.token, payload: { password: admin.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/gzip');
    expect(ok.headers['content-disposition']).toBe(`attachment; filename="${first!.id}"`);
    const lines = gunzipSync(ok.rawPayload).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(first!.filas);
    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'BACKUP_DOWNLOADED'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, detail: { id: first!.id } });
  });

  it('with two-factor on, a download needs a current code as well', async () => {
    const [first] = await list();
    const url = `/api/admin/backups/${first!.id}/download`;
    const secret = newTotpSecret();
    await t.ctx.db
      .update(users)
      .set({ twoFactorEnabled: true, totpSecretEnc: t.ctx.secrets.totp.seal(secret) })
      .where(eq(users.id, admin.id));
    const noCode = await t.request({ method: 'POST', url, token: admin.token, payload: { password: admin.password } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'TOTP_INVALID', error: 'Ingresa el código de verificación en dos pasos' });
    const badCode = await t.request({ method: 'POST', url, token: admin.token, payload: { password: admin.password, code: '000000' } });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ code: 'TOTP_INVALID' });
    const code = totpCode(secret, t.clock.now.getTime());
    const ok = await t.request({ method: 'POST', url, token: admin.token, payload: { password: admin.password, code } });
    expect(ok.statusCode).toBe(200);
    // The same code is accepted once.
    const again = await t.request({ method: 'POST', url, token: admin.token, payload: { password: admin.password, code } });
    expect(again.statusCode).toBe(400);
  });

  it('serves only a listed name: a path-like id or another file in the folder is not found', async () => {
    writeFileSync(path.join(dir, 'notas.txt'), 'no es una copia');
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '..%2E', '%2Fetc%2Fpasswd', 'notas.txt', `..%2Fcopias%2F${(await list())[0]!.id}`]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/backups/${id}/download`,
        token: admin.token,
        payload: { password: admin.password },
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'BACKUP_NOT_FOUND', error: 'La copia de seguridad no existe' });
    }
    expect((await list()).map((b) => b.id)).not.toContain('notas.txt');
  });
});
