import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './support/db-url.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, verify } from './support/transactions.ts';
import { createUser } from './support/users.ts';

const migrations = path.resolve(import.meta.dirname, '../src/db/migrations');
const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
const statements = (tag: string) =>
  readFileSync(path.join(migrations, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());

/**
 * docs/decisions/0021: the ledger's revision lives in ledger_revisions, not on the ledgers row,
 * which every change's rows lock FOR KEY SHARE (their foreign keys). Bumping it there turned those
 * locks into MultiXacts and PostgreSQL's CPU per create grew through a burst of writes.
 */
describe('ledger revisions (migration 0013)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const ledgerRow = async (ledgerId: string) =>
    (await t.database.pool.query<{ xmin: string }>('select xmin::text from ledgers where id = $1', [ledgerId])).rows[0]!.xmin;
  const revision = async (ledgerId: string) =>
    Number(
      (await t.database.pool.query<{ r: string }>('select revision::text as r from ledger_revisions where ledger_id = $1', [ledgerId]))
        .rows[0]!.r,
    );

  it("moves on every change of the ledger without writing the ledger's own row", async () => {
    const owner = await createUser(t);
    const rowBefore = await ledgerRow(owner.ledgerId);
    const revisionBefore = await revision(owner.ledgerId);
    const tx = await addTransaction(t, owner, owner.ledgerId, '2026-11-20', { venta: 100, tasa_venta: 41 });
    await addTransaction(t, owner, owner.ledgerId, '2026-11-20', { compra: 50, tasa_compra: 40 });
    await verify(t, owner, tx.id);
    // Two creates and a verification: three changes, three revisions; the ledgers row untouched
    // (a bump there would give it a new row version, hence a new xmin).
    expect(await revision(owner.ledgerId)).toBe(revisionBefore + 3);
    expect(await ledgerRow(owner.ledgerId)).toBe(rowBefore);
    // And the cached day answer follows the revision: the verification shows at once.
    const day = await balances(t, owner, owner.ledgerId, '2026-11-20');
    expect(day.transacciones_con_acumulados.find((r) => r.id === tx.id)?.esta_verificada).toBe(true);
  });

  it('gives every new ledger its row, however the ledger is inserted', async () => {
    const owner = await createUser(t);
    const { rows } = await t.database.pool.query<{ id: string }>(
      `insert into ledgers (name, owner_id, invite_code) values ('Directo', $1, 'INV-DIRECT-1') returning id`,
      [owner.id],
    );
    expect(await revision(rows[0]!.id)).toBe(0);
  });

  it("keeps each existing ledger's revision when it moves the column to its own table", async () => {
    const name = `arb_mig13_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('dbServerUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const db = new pg.Client({ connectionString: withDatabase(inject('dbServerUrl'), name) });
    try {
      await db.connect();
      const tags = journal.entries.map((e) => e.tag);
      const at = tags.indexOf('0013_ledger-revisions');
      for (const tag of tags.slice(0, at)) for (const s of statements(tag)) await db.query(s);
      const user = await db.query<{ id: string }>(
        `insert into users (email, password_hash, user_name) values ('m13@example.com', 'x', 'm13') returning id`,
      );
      const ledger = await db.query<{ id: string }>(
        `insert into ledgers (name, owner_id, invite_code, revision) values ('Viejo', $1, 'INV-M13', 7) returning id`,
        [user.rows[0]!.id],
      );
      for (const s of statements('0013_ledger-revisions')) await db.query(s);

      const moved = await db.query<{ revision: string }>('select revision::text from ledger_revisions where ledger_id = $1', [
        ledger.rows[0]!.id,
      ]);
      expect(moved.rows).toEqual([{ revision: '7' }]);
      const column = await db.query(`select 1 from information_schema.columns where table_name = 'ledgers' and column_name = 'revision'`);
      expect(column.rowCount).toBe(0);
      // The activity trigger now bumps the new table.
      await db.query(`insert into activity (ledger_id, user_id, action) values ($1, $2, 'LEDGER_RENAMED')`, [
        ledger.rows[0]!.id,
        user.rows[0]!.id,
      ]);
      const bumped = await db.query<{ revision: string }>('select revision::text from ledger_revisions where ledger_id = $1', [
        ledger.rows[0]!.id,
      ]);
      expect(bumped.rows).toEqual([{ revision: '8' }]);
    } finally {
      await db.end().catch(() => undefined);
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});
