/**
 * `npm run bench`: every benchmark in turn, each in its own process (own server and database).
 * Figures are printed, not asserted: the machine's load decides absolute numbers, the ratios
 * against the same-run baseline are what to compare.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const files = ['balances.ts', 'history.ts', 'create.ts', 'export.ts', 'realtime.ts', 'mixed.ts'];
let failed = false;
for (const file of files) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
