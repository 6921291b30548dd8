#!/usr/bin/env node
/**
 * The README's test command: typecheck, lint, the import-cycle check, the format check, the container files (Dockerfile lint,
 * compose.yaml through docker-compose), unit and component tests, the API suite on the
 * embedded PostgreSQL and (when TEST_DATABASE_URL is set) again on that PostgreSQL, the web
 * build, and the browser journeys in Chromium (with the web weight budgets of docs/benchmarks.md,
 * e2e/web-weight.e2e.ts, counted in the browser). Stops counting at nothing:
 * every stage runs, and the exit code is non-zero if any failed. Ends with one count line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'artifacts', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Failed tests by name, printed again at the very end: CI keeps only the tail of the output. */
const failedTests = [];

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.info(`\n━━ ${label} ━━`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  console.info(`━━ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function vitest(label, projects, env = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const ok = run(label, bin('vitest'), args, env);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const suite of r.testResults ?? []) {
      const file = path.relative(root, suite.name);
      for (const t of suite.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 240);
        failedTests.push(`${label} › ${file} › ${t.fullName ?? t.title}\n    ${why}`);
      }
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTests.push(
          `${label} › ${file} (the file failed before its tests)\n    ${String(suite.message ?? '')
            .split('\n')[0]
            .slice(0, 240)}`,
        );
      }
    }
    if (!ok && r.numFailedTests === 0) {
      totals.failed++; // a suite that crashed before its tests ran
    }
  } else if (!ok) totals.failed++;
  if (!ok) failures.push(label);
}

/**
 * The checks that are not test runners, two at a time: each is one single-threaded process
 * (tsc, eslint, prettier, the build), so the machine's two cores take two of them (CI's run was
 * ≈ 21 min one after another; docs/operations.md#tests). Each one's output is printed whole when
 * it ends, so the log reads as if they had run in order.
 */
async function checksTwoAtATime(list) {
  const queue = [...list];
  async function next() {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const started = Date.now();
      const [label, cmd, args] = c;
      const chunks = [];
      const code = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (b) => chunks.push(b));
        child.stderr.on('data', (b) => chunks.push(b));
        child.on('error', (err) => {
          chunks.push(Buffer.from(`${err.message}\n`));
          resolve(1);
        });
        child.on('close', (status) => resolve(status));
      });
      const ok = code === 0;
      console.info(`\n━━ ${label} ━━`);
      process.stdout.write(Buffer.concat(chunks));
      console.info(`━━ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (ok) totals.passed++;
      else {
        totals.failed++;
        failures.push(label);
      }
    }
  }
  await Promise.all([next(), next()]);
}

const staticChecks = [
  // The build first: it is the longest, and the others fill the second core meanwhile.
  ['web build', 'npm', ['run', 'build', '--silent']],
  ['typecheck', bin('tsc'), ['-p', 'packages/shared']],
  ['typecheck server', bin('tsc'), ['-p', 'apps/server']],
  ['typecheck web', bin('tsc'), ['-p', 'apps/web']],
  ['typecheck e2e', bin('tsc'), ['-p', 'e2e']],
  ['typecheck bench', bin('tsc'), ['-p', 'bench']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['import cycles', process.execPath, ['scripts/check-cycles.mjs']],
  ['format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['Dockerfile lint', process.execPath, ['scripts/lint-dockerfile.mjs']],
];
if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) {
  staticChecks.push(['compose.yaml (docker-compose config)', process.execPath, ['scripts/check-compose.mjs']]);
} else if (process.env.CI) {
  console.error('\ndocker-compose is missing: CI must not skip the compose.yaml check (apt-get install -y docker-compose).');
  totals.failed++;
  failures.push('compose.yaml: docker-compose missing');
} else {
  console.warn('\ndocker-compose not found (apt-get install -y docker-compose): the compose.yaml check skipped.');
  totals.skipped++;
}
await checksTwoAtATime(staticChecks);
vitest('unit and component tests', ['unit', 'web']);
vitest('API on embedded PostgreSQL', ['api'], { TEST_DB_TARGET: 'embedded' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API on PostgreSQL', ['api'], { TEST_DB_TARGET: 'postgres' });
} else {
  console.info('\n(TEST_DATABASE_URL is not set: the API suite ran on the embedded database only)');
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  vitest('browser journeys (Chromium)', ['e2e']);
} else if (process.env.CI) {
  console.error(`\nChromium is missing at ${chromium}: CI must not skip the browser tests.`);
  totals.failed++;
  failures.push('browser journeys: Chromium missing');
} else {
  console.warn(`\nChromium not found at ${chromium} (apt-get install -y chromium): browser journeys skipped.`);
  totals.skipped++;
}

console.info('');
for (const t of failedTests) console.info(`✗ ${t}`);
if (failures.length) console.info(`Failed: ${failures.join('; ')}`);
console.info(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
