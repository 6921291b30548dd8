import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BackupInfo } from '@arb/shared';
import { countBackupRows, writeBackup } from '../backup.ts';

/**
 * Scheduled backups (docs/operations.md#backups, docs/decisions/0040): one instance at a time (a
 * PostgreSQL advisory lock), the time of the last one kept in the database, each copy written under
 * a temporary name, read back and counted, then renamed, and only then are copies beyond the
 * kept number removed. A failed write removes its own temporary file and nothing else.
 */

/** The advisory lock of the backup writer (an arbitrary constant of ours, like the bot poller's). */
const BACKUP_LOCK_KEY = 7_341_002_040;

/** `backup-20261127T060000123Z-1234.json.gz`: when, then the rows read back. Only such names are listed and served. */
const NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-(\d+)\.json\.gz$/;

export function backupName(at: Date, rows: number): string {
  return `backup-${at.toISOString().replace(/[-:.]/g, '')}-${rows}.json.gz`;
}

function parseName(name: string): { fecha: Date; filas: number } | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms, rows] = m;
  return { fecha: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`), filas: Number(rows) };
}

/** The copies in `dir`, newest first; a missing folder has none. */
export async function listBackups(dir: string): Promise<BackupInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const list: BackupInfo[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    list.push({ id: name, fecha: parsed.fecha.toISOString(), tamano: info.size, filas: parsed.filas });
  }
  return list.sort((a, b) => (a.fecha < b.fecha ? 1 : a.fecha > b.fecha ? -1 : a.id < b.id ? 1 : -1));
}

/** The file of a listed copy: an id that is not one of the listed names (a path, `..`) gives undefined. */
export async function backupFile(dir: string, id: string): Promise<string | undefined> {
  const listed = await listBackups(dir);
  return listed.some((b) => b.id === id) ? path.join(dir, id) : undefined;
}

export interface BackupSchedulerOptions {
  pool: pg.Pool;
  dir: string;
  /** 0 = no scheduled backups (a manual one still works). */
  everyHours: number;
  keep: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often an instance looks whether a backup is due; default the period, at most 5 minutes. */
  checkMs?: number;
  /** Tests inject failures here (the read-back); default countBackupRows. */
  readBack?: (file: string) => Promise<number>;
  /** Tests inject failures here too (a write that stops half way, a full disk); default writeBackup. */
  write?: (pool: pg.Pool, file: string) => Promise<void>;
}

export type BackupRun = { status: 'written'; backup: BackupInfo } | { status: 'busy' } | { status: 'not-due' };

export interface BackupScheduler {
  /** Writes one now unless another instance is writing one ('busy'). */
  createNow(): Promise<BackupRun>;
  /** Writes one if the last is older than the period (what the timer runs). */
  runIfDue(): Promise<BackupRun>;
  start(): void;
  stop(): Promise<void>;
}

export function createBackupScheduler(opts: BackupSchedulerOptions): BackupScheduler {
  const periodMs = opts.everyHours * 3_600_000;
  const checkMs = opts.checkMs ?? Math.max(1_000, Math.min(periodMs, 5 * 60_000));
  const readBack = opts.readBack ?? countBackupRows;
  const write = opts.write ?? writeBackup;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<unknown> | undefined;

  /** Write, read back, rename, and only then prune. */
  async function writeOne(at: Date): Promise<BackupInfo> {
    await mkdir(opts.dir, { recursive: true, mode: 0o700 });
    const tmp = path.join(opts.dir, `.tmp-backup-${at.getTime()}-${randomBytes(4).toString('hex')}.json.gz`);
    let rows: number;
    try {
      await write(opts.pool, tmp);
      rows = await readBack(tmp);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
    const name = backupName(at, rows);
    await rename(tmp, path.join(opts.dir, name));
    const list = await listBackups(opts.dir);
    for (const old of list.slice(opts.keep)) await rm(path.join(opts.dir, old.id), { force: true });
    const info = list.find((b) => b.id === name);
    if (!info) throw new Error(`backup ${name} not found after rename`);
    return info;
  }

  /** Runs a backup when `due`, holding the advisory lock on its own connection; 'busy' when another holds it. */
  async function locked(due: (lastAt: Date | null) => boolean): Promise<BackupRun> {
    const client = await opts.pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [BACKUP_LOCK_KEY]);
      if (!rows[0]?.ok) return { status: 'busy' };
      try {
        // Read under the lock: an instance that waited for another's backup sees its time.
        const state = await client.query<{ last_at: Date | null }>('select last_at from backup_state where id = 1');
        if (!due(state.rows[0]?.last_at ?? null)) return { status: 'not-due' };
        const at = opts.now();
        const backup = await writeOne(at);
        await client.query(
          'insert into backup_state (id, last_at) values (1, $1) on conflict (id) do update set last_at = excluded.last_at',
          [at],
        );
        return { status: 'written', backup };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }

  const scheduler: BackupScheduler = {
    createNow: () => locked(() => true),
    runIfDue: () => locked((lastAt) => periodMs > 0 && (!lastAt || opts.now().getTime() - lastAt.getTime() >= periodMs)),
    start() {
      if (periodMs <= 0 || running) return;
      running = true;
      const tick = () => {
        if (!running) return;
        current = scheduler
          .runIfDue()
          .then((r) => {
            if (r.status === 'written') opts.log.info({ backup: r.backup.id, rows: r.backup.filas }, 'scheduled backup written');
          })
          .catch((err: unknown) => opts.log.error({ err }, 'scheduled backup failed; older copies kept'))
          .finally(() => {
            current = undefined;
            if (running) timer = setTimeout(tick, checkMs);
          });
      };
      tick();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
  return scheduler;
}
