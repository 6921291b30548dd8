import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { createTestDatabase } from './support/test-app.ts';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-kill-'));

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BACKUP_EVERY_HOURS: '0',
      LOG_LEVEL: 'error',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('kill -9 of the server during a burst of creates', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged transaction after a restart, none half-written', async () => {
    // Embedded run: the server's own embedded PostgreSQL. PostgreSQL run: a fresh database on it.
    const env: Record<string, string> = { JWT_SECRET: 's'.repeat(48) };
    if (inject('dbTarget') === 'postgres') env.DATABASE_URL = (await createTestDatabase()).url;

    let server = await startServer(env);
    const email = 'rafaga@kill.test';
    const password = 'Rafaga123!';
    const post = (base: string, url: string, body: unknown, token?: string, extra: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
        body: JSON.stringify(body),
      });
    expect((await post(server.base, '/api/auth/register', { email, password, user_name: 'Ráfaga' })).status).toBe(201);
    const login = (await (await post(server.base, '/api/auth/login', { email, password })).json()) as { token: string };
    const ledgers = (await (
      await fetch(`${server.base}/api/ledgers`, { headers: { authorization: `Bearer ${login.token}` } })
    ).json()) as Array<{ id: string }>;
    const ledgerId = ledgers[0]!.id;

    const acknowledged = new Set<string>();
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await post(
            server.base,
            '/api/transactions',
            { ledgerId, fecha: '2026-11-21', venta: 10, tasa_venta: 40.5, compra: 10, tasa_compra: 40 },
            login.token,
            {
              'idempotency-key': crypto.randomUUID(),
            },
          );
          if (res.status === 201) acknowledged.add(((await res.json()) as { transaction: { id: string } }).transaction.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);

    server = await startServer(env);
    try {
      const again = (await (await post(server.base, '/api/auth/login', { email, password })).json()) as { token: string };
      const res = await fetch(`${server.base}/api/transactions/balances?ledgerId=${ledgerId}&fecha=2026-11-21`, {
        headers: { authorization: `Bearer ${again.token}` },
      });
      const day = (await res.json()) as {
        transacciones_con_acumulados: Array<{ id: string; ganancia_transaccion_usd: number }>;
        resumen: { venta_total: { valor: number } };
      };
      const ids = new Set(day.transacciones_con_acumulados.map((t) => t.id));
      for (const id of acknowledged) expect(ids.has(id), `acknowledged ${id} lost`).toBe(true);
      // Whole rows only: each has its computed profit ((10×40.5 − 10×40) / 40 = 0.125 → 0.13), and the totals add up.
      for (const t of day.transacciones_con_acumulados) expect(t.ganancia_transaccion_usd).toBe(0.13);
      expect(day.resumen.venta_total.valor).toBe(10 * ids.size);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }, 120_000);
});
