/**
 * docs/benchmarks.md: import of a 20,000-row Binance P2P export — preview <= 2 s, commit <= 5 s, memory
 * growth <= 200 MB, and the fifth of five consecutive 20,000-row imports into one ledger <= 5 s.
 * Wall-clock times of HTTP requests carrying the file (multipart), server in this process, each
 * request sent by a child process (bench/import-client.mjs) so that only the server's memory counts.
 * The first file is committed once more into a ledger whose orders all name a Bs and a USD account
 * (DESIGN §28 "Budgets"), against the first commit of the same run.
 *   node --expose-gc --import tsx bench/import.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { englishCsv, manyOrders } from '../apps/server/src/services/imports/fixtures/generate.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fmt, printTable, seedOwner, seedRowAccounts, startBench } from './support.ts';

const run = promisify(execFile);

const ROWS = 20_000;

const b = await startBench();
const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-import-bench-'));
try {
  const o = await seedOwner(b, 'Importar');
  const files = Array.from({ length: 5 }, (_, i) => englishCsv(manyOrders(ROWS, 30_000_000_000_000_000_000n + BigInt(i) * 1_000_000n)));
  const paths = files.map((f, i) => {
    const p = path.join(dir, `binance-${i}.csv`);
    writeFileSync(p, f);
    return p;
  });
  /** One request from a child process (bench/import-client.mjs): the client's memory is not the server's. */
  const send = async (route: string, file: string, owner: { ledgerId: string; token: string } = o, fields: object = {}) => {
    const client = path.join(import.meta.dirname, 'import-client.mjs');
    const url = `${b.baseUrl}/api/ledgers/${owner.ledgerId}/imports${route}`;
    const { stdout } = await run(process.execPath, [client, url, owner.token, file, JSON.stringify(fields)]);
    const r = JSON.parse(stdout) as { ms: number; status: number; counts?: { new: number }; created?: number; error?: unknown };
    if (r.status >= 300) throw new Error(`${route || 'commit'} answered ${r.status}: ${JSON.stringify(r.error)}`);
    return r;
  };
  // The upload workers (decision 0031) are started before the baseline: their start-up is not the import's.
  await b.ctx.uploads.warm();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const preview = await send('/preview', paths[0]!);
  if (preview.counts?.new !== ROWS) throw new Error(`preview saw ${preview.counts?.new} new rows`);
  const commits: number[] = [];
  for (const f of paths) {
    const c = await send('', f);
    if (c.created !== ROWS) throw new Error(`commit created ${c.created}`);
    commits.push(c.ms);
  }
  clearInterval(sampler);
  const growthMb = (peak - rss0) / 1024 / 1024;
  // DESIGN §28 "Budgets": the commit holds with both accounts set on every row — the first file
  // again, into another ledger, with one Bs and one USD account for all its orders.
  const c = await seedOwner(b, 'Importar con cuentas');
  const withAccounts = await send('', paths[0]!, c, await seedRowAccounts(b, c));
  if (withAccounts.created !== ROWS) throw new Error(`commit with accounts created ${withAccounts.created}`);
  printTable(`Binance import, ${ROWS.toLocaleString('en')} rows (${fmt(files[0]!.length / 1024 / 1024, 1)} MB CSV), ${b.target}`, [
    {
      figure: 'preview',
      budget: '<= 2 s',
      measured: `${fmt(preview.ms / 1000, 2)} s`,
      baseline: '-',
      ratio: '-',
      pass: preview.ms <= 2000,
    },
    {
      figure: 'commit (first)',
      budget: '<= 5 s',
      measured: `${fmt(commits[0]! / 1000, 2)} s`,
      baseline: '-',
      ratio: '-',
      pass: commits[0]! <= 5000,
    },
    {
      figure: 'commit (first), both accounts set on every row',
      budget: '<= 5 s',
      measured: `${fmt(withAccounts.ms / 1000, 2)} s`,
      baseline: `${fmt(commits[0]! / 1000, 2)} s without accounts`,
      ratio: fmt(withAccounts.ms / commits[0]!, 2),
      pass: withAccounts.ms <= 5000,
    },
    {
      figure: 'commit (fifth in a row)',
      budget: '<= 5 s',
      measured: `${fmt(commits[4]! / 1000, 2)} s`,
      baseline: '-',
      ratio: '-',
      pass: commits[4]! <= 5000,
    },
    {
      figure: 'memory growth (server process, peak RSS)',
      budget: '<= 200 MB',
      measured: `${fmt(growthMb, 0)} MB`,
      baseline: '-',
      ratio: '-',
      pass: growthMb <= 200,
    },
  ]);
} finally {
  await b.close();
  rmSync(dir, { recursive: true, force: true });
}
