/**
 * Logical backups that work the same on the embedded database and on PostgreSQL (the machine's
 * pg_dump may be older than the embedded PostgreSQL 18): every table is read inside one
 * REPEATABLE READ transaction (a consistent snapshot while the app keeps running) into a gzipped
 * JSON-lines file. Restore loads it into an empty, migrated database in foreign-key order.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';

// Parents before children, so a restore never breaks a foreign key.
const TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'email_outbox',
  'rate_limits',
  'ledgers',
  'ledger_members',
  'transactions',
  'idempotency_keys',
  'daily_balances',
  'activity',
  'rate_snapshots',
  'payment_proofs',
  // Telegram (DESIGN §15). Links after activity: the outbox trigger on activity sees no linked
  // member while old activity is restored, so a restore sends nobody a message. Tokens, pending
  // messages and the outbox are transient and not kept.
  'notification_settings',
  'telegram_links',
  'telegram_bot_state',
];

export async function writeBackup(pool: pg.Pool, out: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    async function* lines() {
      for (const table of TABLES) {
        const { rows } = await client.query(`select coalesce(json_agg(t), '[]'::json) as rows from ${table} t`);
        yield JSON.stringify({ table, rows: rows[0].rows }) + '\n';
      }
    }
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(out));
    await client.query('commit');
  } finally {
    client.release();
  }
}

export async function restoreBackup(pool: pg.Pool, file: string): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    if (rows[0]!.n > 0) throw new Error('La base de datos no está vacía: restaura sobre una base nueva (otro DATA_DIR o DATABASE_URL).');
    await client.query('begin');
    const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of input) {
      if (!line.trim()) continue;
      const { table, rows: data } = JSON.parse(line) as { table: string; rows: unknown[] };
      if (!TABLES.includes(table)) throw new Error(`Tabla desconocida en la copia: ${table}`);
      if (data.length === 0) continue;
      await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [JSON.stringify(data)]);
    }
    // Serial counters continue after the restored ids.
    for (const table of ['email_outbox', 'activity', 'rate_snapshots']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
