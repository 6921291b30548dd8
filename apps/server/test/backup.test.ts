import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../src/services/backup.ts';
import { activity, dailyBalances, notificationSettings, telegramLinks, transactions } from '../src/db/schema.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { addMember, createUser } from './support/users.ts';

describe('backup and restore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

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
    // The owner's change: with a linked partner, the trigger queues it (DESIGN §15).
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
