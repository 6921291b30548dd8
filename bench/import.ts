/**
 * docs/benchmarks.md: import of a 20,000-row Binance P2P export — preview <= 2 s, commit <= 5 s, memory
 * growth <= 200 MB, and the fifth of five consecutive 20,000-row imports into one ledger <= 5 s.
 * Wall-clock times of HTTP requests carrying the file (multipart), server in this process.
 *   node --expose-gc --import tsx bench/import.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { englishCsv, manyOrders } from '../apps/server/src/services/imports/fixtures/generate.ts';
import { fmt, printTable, seedOwner, startBench } from './support.ts';

const ROWS = 20_000;

const b = await startBench();
try {
  const o = await seedOwner(b, 'Importar');
  const files = Array.from({ length: 5 }, (_, i) => englishCsv(manyOrders(ROWS, 30_000_000_000_000_000_000n + BigInt(i) * 1_000_000n)));
  const send = async (path: string, file: Buffer) => {
    const form = new FormData();
    form.append('timezone', 'America/Caracas');
    form.append('file', new Blob([file], { type: 'text/csv' }), 'binance.csv');
    const t0 = performance.now();
    const res = await fetch(`${b.baseUrl}/api/ledgers/${o.ledgerId}/imports${path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${o.token}` },
    });
    const body = (await res.json()) as { counts?: { new: number }; batch?: { created: number } };
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${path || 'commit'} answered ${res.status}: ${JSON.stringify(body)}`);
    // Only the counts are kept: the preview's 20,000 parsed rows belong to this client, which
    // shares the server's process, and must not count as the server's memory.
    return { ms, body: { counts: body.counts, batch: body.batch } };
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const preview = await send('/preview', files[0]!);
  if (preview.body.counts?.new !== ROWS) throw new Error(`preview saw ${preview.body.counts?.new} new rows`);
  const commits: number[] = [];
  for (const f of files) {
    const c = await send('', f);
    if (c.body.batch?.created !== ROWS) throw new Error(`commit created ${c.body.batch?.created}`);
    commits.push(c.ms);
  }
  clearInterval(sampler);
  const growthMb = (peak - rss0) / 1024 / 1024;
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
}
