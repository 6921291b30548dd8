import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseEnv, promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STRONG_PASSWORD } from './support/auth.ts';
import { multipart } from './support/multipart.ts';
import { linkFrom, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { withDatabase } from './support/db-url.ts';
import { readRuntimeStage } from './support/dockerfile-runtime.ts';

/**
 * The container's start path without the container (decision 0036): the server compiled by
 * `npm run build:server`, laid out as the Dockerfile's last stage copies it, started with that
 * stage's CMD and ENV plus .env.example's values on a fresh, empty database, and probed by its
 * HEALTHCHECK command. Base images cannot be pulled here, so this is as close as CI gets.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const stage = readRuntimeStage(path.join(root, 'Dockerfile'));
const WEB_MARKER = '<!-- prueba: index.html del contenedor -->';

/** A path of the image relative to its WORKDIR (every stage works in the same one). */
const inStage = (p: string) => (path.posix.isAbsolute(p) ? path.posix.relative(stage.workdir, p) : p);

/** The image's file tree under `dir` (its WORKDIR), built from the runtime stage's COPY lines. */
function assembleImage(dir: string): void {
  // The build stage's WORKDIR is this checkout after the build.
  for (const { from, sources, dest } of stage.copies) {
    const target = path.join(dir, inStage(dest));
    for (const source of sources) {
      const src = path.join(root, inStage(source));
      if (from === 'deps') {
        // The production dependencies: this checkout's node_modules (a superset; build-server.mjs
        // refuses a bundle importing anything but the server's and shared's production dependencies).
        symlinkSync(src, target);
      } else if (src === path.join(root, 'apps/web/dist')) {
        // The web build takes a minute and is not what this test is about: a stand-in index.html
        // shows that the compiled server finds apps/web/dist where the image puts it.
        mkdirSync(target, { recursive: true });
        writeFileSync(path.join(target, 'index.html'), `<!doctype html><title>Arbitraje</title>${WEB_MARKER}`);
      } else {
        const isFile = statSync(src).isFile();
        cpSync(src, isFile && dest.endsWith('/') ? path.join(target, path.basename(src)) : target, { recursive: true });
      }
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs an exec-form command of the Dockerfile (its `node` is this Node) in the image's WORKDIR. */
function command([program, ...args]: string[]): [string, string[]] {
  expect(program).toBe('node');
  return [process.execPath, args];
}

describe('the production start path of the container image', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-image-'));
  const database = `arb_t_${inject('dbTemplate').slice(8)}_image`;
  const databaseUrl = withDatabase(inject('dbServerUrl'), database);
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let server: ChildProcess | undefined;
  let output = '';
  let exited: Promise<number | null>;
  // A sent mail's body is blanked in the database (docs/operations.md#backups): links are read from a local SMTP sink.
  let smtp: SmtpSink;
  let accessToken = '';

  const healthcheck = () =>
    run(...command(stage.healthcheck), { cwd: dir, env, timeout: 10_000 }).then(
      () => 0,
      (e: { code?: number }) => e.code ?? 1,
    );

  beforeAll(async () => {
    smtp = await startSmtpSink();
    await run(process.execPath, ['scripts/build-server.mjs'], { cwd: root });
    assembleImage(dir);
    const admin = new pg.Client({ connectionString: inject('dbServerUrl') });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Paths under the image's WORKDIR (DATA_DIR, BACKUP_DIR) land in the assembled tree.
    const imageEnv = Object.fromEntries(
      Object.entries(stage.env).map(([k, v]) => [k, v.startsWith(`${stage.workdir}/`) ? path.join(dir, inStage(v)) : v]),
    );
    env = {
      PATH: process.env.PATH,
      ...imageEnv,
      ...parseEnv(readFileSync(path.join(root, '.env.example'), 'utf8')),
      DATABASE_URL: databaseUrl, // compose.yaml makes it from the POSTGRES_* variables
      JWT_SECRET: randomBytes(32).toString('hex'), // .env.example leaves it to the operator
      HOST: '127.0.0.1', // the image listens on every interface of its own container
      PORT: String(port),
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      // Nothing calls the internet in tests: the rate sources point at a closed local port.
      RATES_OFICIAL_URL: 'http://127.0.0.1:9/oficial',
      RATES_PARALELO_URL: 'http://127.0.0.1:9/paralelo',
    };
  });

  afterAll(async () => {
    if (server?.exitCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    const admin = new pg.Client({ connectionString: inject('dbServerUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
    await smtp.close();
  });

  it('runs as an unprivileged user, with node commands in exec form', () => {
    expect(stage.user).toBeTruthy();
    expect(['root', '0']).not.toContain(stage.user!.split(':')[0]);
    expect(stage.cmd.slice(-1)[0]).toMatch(/\.js$/);
  });

  it('the health check fails while nothing answers', async () => {
    expect(await healthcheck()).toBe(1);
  });

  it('starts on a fresh database, applies every migration, and the health check passes', async () => {
    server = spawn(...command(stage.cmd), { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => server!.on('exit', (code) => resolve(code)));
    let healthy = false;
    for (const started = Date.now(); !healthy && Date.now() - started < 50_000 && server.exitCode === null;) {
      healthy = (await healthcheck()) === 0;
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy, output).toBe(true);

    const journal = JSON.parse(readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await db.end();
    }
  }, 60_000);

  it('serves the web app from where the image puts it', async () => {
    const res = await fetch(`${baseUrl}/dashboard`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(WEB_MARKER);
  });

  it('signs a new user up, verifies the email and signs in', async () => {
    const email = 'operadora@example.com';
    const post = (url: string, body: unknown) =>
      fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/register', { email, password: STRONG_PASSWORD, user_name: 'Operadora' })).status).toBe(201);
    const token = new URL(linkFrom(await smtp.waitFor(email, /verify-email/), '/verify-email')).searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token })).status).toBe(200);
    const login = await post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { user: { email: string }; token: string };
    expect(body.user.email).toBe(email);
    accessToken = body.token;
  });

  it('reads an uploaded Binance file in the compiled upload worker (no tsx in the image)', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const list = await fetch(`${baseUrl}/api/ledgers`, { headers: auth });
    const ledgers = (await list.json()) as { id: string }[];
    expect([list.status, ledgers.length], JSON.stringify(ledgers)).toEqual([200, 1]);
    const file = readFileSync(path.join(root, 'apps/server/src/services/imports/fixtures/english-fees.csv'));
    const form = multipart({ timezone: 'UTC' }, [{ name: 'file', filename: 'p2p.csv', contentType: 'text/csv', data: file }]);
    const res = await fetch(`${baseUrl}/api/ledgers/${ledgers[0]!.id}/imports/preview`, {
      method: 'POST',
      headers: { ...auth, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(res.status, output).toBe(200);
    expect(((await res.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('renders a monthly PDF in the copied pdf worker (decision 0050)', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const ledgers = (await (await fetch(`${baseUrl}/api/ledgers`, { headers: auth })).json()) as { id: string }[];
    const mes = new Date().toISOString().slice(0, 7);
    const res = await fetch(`${baseUrl}/api/ledgers/${ledgers[0]!.id}/reportes/mensual?mes=${mes}&formato=pdf`, { headers: auth });
    expect(res.status, output).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('writes a monthly workbook in the compiled export worker (decision 0057)', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const ledgers = (await (await fetch(`${baseUrl}/api/ledgers`, { headers: auth })).json()) as { id: string }[];
    const mes = new Date().toISOString().slice(0, 7);
    const res = await fetch(`${baseUrl}/api/ledgers/${ledgers[0]!.id}/reportes/mensual?mes=${mes}&formato=xlsx`, { headers: auth });
    expect(res.status, output).toBe(200);
    // A zip: the workbook's bytes came from the worker (dist/upload-worker.js, kind "export").
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('stops cleanly on SIGTERM (docker stop)', async () => {
    server!.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  });
});
