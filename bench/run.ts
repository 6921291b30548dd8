/**
 * `npm run bench`: every benchmark in turn, each in its own process (own server and database),
 * then one table of every figure (docs/benchmarks.md). Figures are printed, not asserted: the machine's
 * load decides absolute numbers; the ratios against the same-run baseline are what to compare.
 * With DATABASE_URL set, the benchmarks run on that PostgreSQL instead of the embedded one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printTable, type Row } from './support.ts';

const files = [
  'balances.ts',
  'history.ts',
  'cuentas.ts',
  'liquidacion.ts',
  'search.ts',
  'average-cost.ts',
  'create.ts',
  'export.ts',
  'reportes.ts',
  'import.ts',
  'binance-sync.ts',
  'realtime.ts',
  'mixed.ts',
  'web-weight.ts',
  'lighthouse.ts',
  'first-screen.ts',
];
const results = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-bench-results-')), 'rows.jsonl');
let failed = false;
for (const file of files) {
  const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: results },
  });
  if (res.status !== 0) failed = true;
}

const all: Row[] = [];
for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
  const { title, rows } = JSON.parse(line) as { title: string; rows: Row[] };
  const short = title.split(/[,—(]/)[0]!.trim();
  for (const r of rows) all.push({ ...r, figure: `${short}: ${r.figure}` });
}
delete process.env.BENCH_RESULTS;
printTable(
  `All benchmarks — ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL'}, ${os.cpus().length} cores, Node ${process.version}`,
  all,
);
process.exit(failed ? 1 : 0);
