/**
 * Logical backups that work the same on the embedded database and on PostgreSQL (the machine's
 * pg_dump may be older than the embedded PostgreSQL 18): every table is read inside one
 * REPEATABLE READ transaction (a consistent snapshot while the app keeps running) into a gzipped
 * JSON-lines file, one line per row: `{"table":…,"row":…}` (docs/operations.md).
 * Rows are streamed through a server-side cursor in small batches and written with backpressure,
 * so memory stays bounded whatever the size of the database (issue 17: one JSON value per table
 * broke on proof images and ~1M transactions). Restore loads it into an empty, migrated database
 * in foreign-key order, in batches. A row's JSON text is copied as is, never parsed into JS
 * numbers, so NUMERIC values keep every digit.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';

// Parents before children, so a restore never breaks a foreign key.
export const BACKED_UP_TABLES = [
  'users',
  // Signed-in devices and their refresh tokens (hashed), two-factor recovery codes (hashed) and
  // the addresses a user signed in from (the login limit's exception): losing the recovery codes
  // would lock a user whose authenticator is gone out of a restored server (docs/product.md#account-security).
  'login_sessions',
  'login_addresses',
  'recovery_codes',
  'sessions',
  'email_tokens',
  'rate_limits',
  'ledgers',
  'ledger_members',
  // Before transactions: an imported row names its batch (docs/product.md#binance-import).
  'import_batches',
  // Before transactions and movements, which name them (docs/product.md#cuentas-y-movimientos).
  'cuentas',
  // After users, ledgers and cuentas, which it names; the key and secret only sealed (docs/product.md#binance-sync).
  'binance_links',
  'transactions',
  'movimientos',
  'cuadres',
  'idempotency_keys',
  'daily_balances',
  // After every dated row: a restored closed period would refuse the rows of its days (migration 0022).
  'liquidaciones',
  'activity',
  'rate_snapshots',
  // The daily rates from RATES_HISTORY_URL (docs/product.md#market-reference): refetchable, but an upstream may forget old days.
  'rate_history',
  'payment_proofs',
  // Telegram (docs/product.md#telegram-notices). Links after activity: the outbox trigger on activity sees no linked
  // member while old activity is restored, so a restore sends nobody a message. Tokens, pending
  // messages and the outbox are transient and not kept.
  'notification_settings',
  'telegram_links',
  'telegram_bot_state',
  // Who downloaded which backup (docs/operations.md#backups).
  'admin_audit',
];
const TABLES: readonly string[] = BACKED_UP_TABLES;

/**
 * Tables a backup leaves out on purpose, each with why. A test compares both lists with the
 * database's tables, so a new table must be placed in one of them.
 */
export const NOT_BACKED_UP_TABLES: Record<string, string> = {
  cuenta_day_totals: 'derived: the transactions and movements triggers rebuild it while the rows are restored (migration 0016)',
  ledger_day_totals: 'derived: the transactions triggers rebuild it while the rows are restored',
  ledger_revisions:
    "derived: a restored ledger's row is made with it and counts the restored activity (migration 0013); a restored server has no cached answers",
  avg_cost_days: 'derived: average-cost states are recomputed on the first read (docs/decisions/0013)',
  avg_cost_valid: 'derived: a missing row means "nothing valid yet", so the states are recomputed',
  mfa_challenges: 'transient: a second-step ticket lives 5 minutes',
  email_outbox:
    'secret: a mail not yet sent holds a working verification or reset link (issue 36); a sent one is blanked and purged after 7 days',
  telegram_link_tokens: 'transient: a link token lives 15 minutes and is single use',
  notification_outbox: 'transient: pending notices of changes already in the activity log',
  telegram_messages: 'transient: messages queued for or sent to Telegram',
  telegram_chats: "transient: a chat's send pacing (at most 1 message per second)",
  backup_state: "operational: this server's last scheduled backup; a restored server makes its own first one",
  binance_ip_pause: "operational: a 418/429 pause Binance put on this server's IP (docs/decisions/0058); it lapses by itself",
};

/** Rows per cursor fetch: payment proofs hold images of up to a few MB each. */
const FETCH_ROWS: Record<string, number> = { payment_proofs: 1 };
const DEFAULT_FETCH_ROWS = 1000;
/**
 * A restore batch ends at this many rows or this much JSON, whichever comes first. 4 MB, not 16:
 * with proofs of 1 MB (2 MB of hex JSON each) a 16 MB batch and its copies (the joined string, the
 * driver's buffer) once took the restore of backup-large.test.ts to +302 MB, over its 300.
 */
const RESTORE_BATCH_ROWS = 1000;
const RESTORE_BATCH_CHARS = 4 * 1024 * 1024;

/** Tables that earlier backups held and a restore now skips (their rows may carry live links). */
const NO_LONGER_RESTORED: ReadonlySet<string> = new Set(['email_outbox']);

const linePrefix = (table: string) => `{"table":${JSON.stringify(table)},"row":`;

/**
 * Creates the backup file readable by its owner only (0600), and a missing folder for it 0700: a
 * backup holds every user's data (docs/operations.md#backups). An existing file is made 0600
 * before anything is written into it.
 */
async function openPrivate(out: string) {
  await mkdir(path.dirname(path.resolve(out)), { recursive: true, mode: 0o700 });
  const handle = await open(out, 'w', 0o600);
  await handle.chmod(0o600);
  return handle;
}

export async function writeBackup(pool: pg.Pool, out: string): Promise<void> {
  const handle = await openPrivate(out);
  const client = await pool.connect().catch(async (err: unknown) => {
    await handle.close();
    throw err;
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    async function* lines() {
      for (const table of TABLES) {
        const prefix = linePrefix(table);
        const batch = FETCH_ROWS[table] ?? DEFAULT_FETCH_ROWS;
        await client.query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${table} t`);
        while (true) {
          const { rows } = await client.query<{ j: string }>(`fetch ${batch} from backup_rows`);
          if (rows.length === 0) break;
          yield rows.map((r) => `${prefix}${r.j}}\n`).join('');
        }
        await client.query('close backup_rows');
      }
    }
    await pipeline(Readable.from(lines()), createGzip(), handle.createWriteStream());
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
    await handle.close().catch(() => undefined);
  }
}

/** The table and the row's JSON text of one backup line; the first format's `{table, rows}` lines too. */
function parseLine(line: string): { table: string; rows: string[] } {
  const m = /^\{"table":("[a-z_]+"),"row":/.exec(line);
  if (m && line.endsWith('}')) return { table: JSON.parse(m[1]!) as string, rows: [line.slice(m[0].length, -1)] };
  const legacy = JSON.parse(line) as { table: string; rows: unknown[] };
  return { table: legacy.table, rows: legacy.rows.map((r) => JSON.stringify(r)) };
}

/**
 * Reads a backup file through to its end, as a restore would, and counts its rows: a truncated or
 * corrupt file throws (docs/operations.md#backups, the scheduled backup's read-back).
 */
export async function countBackupRows(file: string): Promise<number> {
  let count = 0;
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const parsed = parseLine(line);
    if (!TABLES.includes(parsed.table) && !NO_LONGER_RESTORED.has(parsed.table))
      throw new Error(`Tabla desconocida en la copia: ${parsed.table}`);
    count += parsed.rows.length;
  }
  return count;
}

export async function restoreBackup(pool: pg.Pool, file: string): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    if (rows[0]!.n > 0) throw new Error('La base de datos no está vacía: restaura sobre una base nueva (otro DATA_DIR o DATABASE_URL).');
    await client.query('begin');
    // Every deferred check runs as each batch is inserted, not at the commit: the tables come in
    // dependency order, so each batch is valid against what is already there, whereas at the
    // commit a later table (a closed liquidación) would refuse the earlier rows of its period
    // (docs/decisions/0053).
    await client.query('set constraints all immediate');
    let table = '';
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [`[${batch.join(',')}]`]);
      batch = [];
      chars = 0;
    };
    const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of input) {
      if (!line.trim()) continue;
      const parsed = parseLine(line);
      if (NO_LONGER_RESTORED.has(parsed.table)) continue;
      if (!TABLES.includes(parsed.table)) throw new Error(`Tabla desconocida en la copia: ${parsed.table}`);
      if (parsed.table !== table) {
        await flush();
        table = parsed.table;
      }
      for (const row of parsed.rows) {
        batch.push(row);
        chars += row.length;
        if (batch.length >= RESTORE_BATCH_ROWS || chars >= RESTORE_BATCH_CHARS) await flush();
      }
    }
    await flush();
    // Serial counters continue after the restored ids.
    for (const t of ['activity', 'rate_snapshots']) {
      await client.query(`select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
