import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKED_UP_TABLES, NOT_BACKED_UP_TABLES, restoreBackup, writeBackup } from '../src/services/backup.ts';
import { activity, dailyBalances, notificationSettings, telegramLinks, transactions } from '../src/db/schema.ts';
import { lastToken, register } from './support/auth.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { addMember, createUser } from './support/users.ts';

describe('backup and restore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('places every table of the database: backed up, or left out with a reason', async () => {
    const { rows } = await t.database.pool.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const placed = [...BACKED_UP_TABLES, ...Object.keys(NOT_BACKED_UP_TABLES)];
    expect(new Set(placed).size, 'a table in both lists').toBe(placed.length);
    expect([...placed].sort()).toEqual(rows.map((r) => r.name).sort());
  });

  it('holds no working link of a mail not yet sent, and only its owner can read it (issue 36)', async () => {
    // A real reset mail waiting in the outbox (this app sends nothing: no SMTP_URL).
    expect((await register(t, { email: 'reset@example.com' })).statusCode).toBe(201);
    const forgot = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reset@example.com' } });
    expect(forgot.statusCode).toBe(200);
    const resetToken = await lastToken(t, 'reset@example.com', '/reset-password');
    const verifyToken = await lastToken(t, 'reset@example.com', '/verify-email');
    // A folder the backup creates itself.
    const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'copias');
    const file = path.join(folder, 'b.json.gz');
    await writeBackup(t.database.pool, file);

    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).toContain('reset@example.com'); // the file is readable: the searches below can fail
    for (const secret of [resetToken, verifyToken, '/reset-password?token=', '/verify-email?token=']) expect(text).not.toContain(secret);
  });

  it('restores an older backup that held the outbox, leaving its mails (and their links) out', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-backup-'));
    await writeBackup(t.database.pool, path.join(dir, 'now.json.gz'));
    const mail = { id: 7, to: 'x@example.com', subject: 's', text: 'http://app/reset-password?token=abc', html: '', attempts: 0 };
    const older = `${gunzipSync(readFileSync(path.join(dir, 'now.json.gz'))).toString('utf8')}{"table":"email_outbox","row":${JSON.stringify(mail)}}\n`;
    writeFileSync(path.join(dir, 'older.json.gz'), gzipSync(older));
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, path.join(dir, 'older.json.gz'));
      expect((await target.pool.query('select count(*)::int as n from users')).rows[0].n).toBeGreaterThan(0);
      expect((await target.pool.query('select count(*)::int as n from email_outbox')).rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('writes over an existing file readable by all as 0600', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'b.json.gz');
    writeFileSync(file, 'old', { mode: 0o644 });
    await writeBackup(t.database.pool, file);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('keeps signed-in devices, two-factor recovery codes and known sign-in addresses', async () => {
    const u = await createUser(t);
    // What two-factor set-up and a sign-in leave behind (hashes only, as docs/product.md#account-security stores them).
    await t.database.pool.query(`insert into recovery_codes (user_id, code_hash) values ($1, 'hash-1'), ($1, 'hash-2')`, [u.id]);
    await t.database.pool.query(`insert into login_addresses (user_id, ip, last_success_at) values ($1, '203.0.113.9', now())`, [u.id]);
    // A signed-in device: its session and the hash of its current refresh token.
    const device = await t.database.pool.query<{ id: string }>(
      `insert into login_sessions (id, user_id, user_agent) values (gen_random_uuid(), $1, 'Chrome') returning id`,
      [u.id],
    );
    await t.database.pool.query(
      `insert into sessions (user_id, family_id, token_hash, expires_at) values ($1, $2, 'refresh-hash', now() + interval '30 days')`,
      [u.id, device.rows[0]!.id],
    );
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'b.json.gz');
    await writeBackup(t.database.pool, file);
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, file);
      for (const table of ['recovery_codes', 'login_addresses', 'login_sessions', 'sessions']) {
        const a = await t.database.pool.query(`select * from ${table} order by 1, 2`);
        const b = await target.pool.query(`select * from ${table} order by 1, 2`);
        expect(a.rows.length, table).toBeGreaterThan(0);
        expect(b.rows, table).toEqual(a.rows);
      }
    } finally {
      await target.close();
    }
  });

  it('restores every row, exact money and images included, into an empty database', async () => {
    const u = await createUser(t);
    await t.ctx.db.insert(transactions).values({
      ledgerId: u.ledgerId,
      fecha: '2026-11-21',
      venta: '250000.55',
      tasaVenta: '312.4567',
      bsRecibidos: '78114431.3533185',
      gananciaVes: '0.01',
      notas: '=HYPERLINK("x") «ñ»',
      createdBy: u.id,
    });
    await t.ctx.db
      .insert(dailyBalances)
      .values({ ledgerId: u.ledgerId, fecha: '2026-11-21', saldoBaseVes: '1000.10', saldoBaseUsd: '5.05' });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'b.json.gz');
    await writeBackup(t.database.pool, file);

    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, file);
      for (const table of ['users', 'ledgers', 'ledger_members', 'transactions', 'daily_balances']) {
        const a = await t.database.pool.query(`select * from ${table} order by 1`);
        const b = await target.pool.query(`select * from ${table} order by 1`);
        expect(b.rows, table).toEqual(a.rows);
      }
      await expect(restoreBackup(target.pool, file)).rejects.toThrow(/no está vacía/);
    } finally {
      await target.close();
    }
  });

  it('keeps Telegram links and settings, and a restore queues no notification for old changes', async () => {
    const owner = await createUser(t);
    const partner = await createUser(t);
    await addMember(t, owner.ledgerId, partner.id);
    await t.ctx.db.insert(telegramLinks).values({ userId: partner.id, chatId: 4242 });
    await t.ctx.db.insert(notificationSettings).values({ userId: partner.id, ledgerId: owner.ledgerId, resumenDiario: true });
    // The owner's change: with a linked partner, the trigger queues it (docs/product.md#telegram-notices).
    await t.ctx.db
      .insert(activity)
      .values({ ledgerId: owner.ledgerId, userId: owner.id, action: 'TRANSACTION_DELETED', fecha: '2026-11-21' });
    expect((await t.database.pool.query('select count(*)::int as n from notification_outbox')).rows[0].n).toBeGreaterThan(0);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'b.json.gz');
    await writeBackup(t.database.pool, file);
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, file);
      for (const table of ['telegram_links', 'notification_settings']) {
        const a = await t.database.pool.query(`select * from ${table} order by 1`);
        const b = await target.pool.query(`select * from ${table} order by 1`);
        expect(b.rows, table).toEqual(a.rows);
      }
      expect((await target.pool.query('select count(*)::int as n from notification_outbox')).rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  });
});
