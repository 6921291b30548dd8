import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/db/embedded-postgres.ts';
import { startFakeRates } from '../../apps/server/test/support/fake-rates.ts';
import { startFakeBinance, type FakeKey } from '../../apps/server/test/support/fake-binance.ts';
import { linkFrom, startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';
import { E2E_ADMIN } from './admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A small HTTP API of this setup: GET /mails, POST /rates (see support/control.ts). */
    controlURL: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The real server, built web app and embedded database, started once for the browser journeys,
 * with a local SMTP sink and a fake rates upstream; nothing reaches the internet.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the e2e tests (npm test does).');
  }
  const smtp = await startSmtpSink();
  const rates = await startFakeRates();
  // Binance is a local fake too (docs/product.md#binance-sync); journeys give it keys and orders through /binance/key.
  const binance = await startFakeBinance();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      // Scheduled backups go into the run's folder, never the checkout (docs/operations.md#backups).
      BACKUP_DIR: path.join(dataDir, 'backups'),
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      RATES_OFICIAL_URL: `${rates.url}/v1/dolares/oficial`,
      RATES_PARALELO_URL: `${rates.url}/v1/dolares/paralelo`,
      RATES_HISTORY_URL: `${rates.url}/v1/historicos/dolares`,
      BINANCE_API_URL: binance.url,
      BINANCE_SYNC_MINUTES: '0',
      // Every journey signs its people up from this machine: lift the per-address sign-up limit.
      REGISTER_MAX_PER_ADDRESS: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (b: Buffer) => logs.push(b.toString()));
  server.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited during start-up:\n${logs.join('')}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  // The first user of a server becomes ADMIN: take that place with a known admin, so every user
  // the journeys register is a plain USER whatever order the files run in.
  const stopAll = async () => {
    server.kill('SIGTERM'); // lets it stop its embedded PostgreSQL
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
    await rates.close();
    await binance.close();
  };
  try {
    await registerE2EAdmin();
  } catch (err) {
    await stopAll();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logs.join('')}`);
  }
  async function registerE2EAdmin() {
    const registered = await fetch(`${baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, user_name: E2E_ADMIN.name }),
    });
    if (registered.status !== 201) throw new Error(`Could not register the e2e admin: ${registered.status} ${await registered.text()}`);
    const token = new URL(linkFrom(await smtp.waitFor(E2E_ADMIN.email, /verify-email\?token=/, 15_000), '/verify-email')).searchParams.get(
      'token',
    );
    const verified = await fetch(`${baseURL}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!verified.ok) throw new Error(`Could not verify the e2e admin: ${verified.status} ${await verified.text()}`);
  }

  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(smtp.mails.filter((m) => !to || m.to.includes(to))));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/rates') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { path: p, route } = JSON.parse(body) as { path: string; route: object };
        rates.set(p, route);
        res.end('{}');
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/binance/key') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        binance.addKey(JSON.parse(body) as FakeKey);
        res.end('{}');
      });
      return;
    }
    res.writeHead(404).end();
  });
  const controlPort = await freePort();
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', () => resolve()));

  project.provide('baseURL', baseURL);
  project.provide('controlURL', `http://127.0.0.1:${controlPort}`);

  return async () => {
    server.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        server.kill('SIGKILL');
        resolve();
      }, 15_000);
      server.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
    control.close();
    await smtp.close();
    await rates.close();
    await binance.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
