/**
 * DESIGN §11: Lighthouse (mobile) on /login: performance >= 90, accessibility >= 95.
 * The real server serves the built web app (rebuilt first when missing or older than its
 * sources); Lighthouse's default config (mobile form factor, simulated slow-4G and 4× CPU
 * throttling) audits it in Debian's Chromium. The baseline is a trivial static page served by the
 * same server in the same run: the ceiling this machine and throttling allow.
 *   node --import tsx bench/lighthouse.ts      (LIGHTHOUSE_RUNS=5 for a steadier median)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { fmt, printTable, startBench, type Row } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 90, accessibility: 95 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;

/** Latest modification time under `p` (a file or a folder), node_modules excluded. */
function newest(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

// A stale dist would score code that is no longer there, so rebuild when any web source is newer.
const builtAt = existsSync(path.join(webDist, 'index.html')) ? statSync(path.join(webDist, 'index.html')).mtimeMs : 0;
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
if (sources.some((s) => newest(path.join(root, s)) > builtAt)) {
  console.info('Building the web app (apps/web/dist is missing or older than its sources)…');
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm run build failed');
}

/** The ceiling: what Lighthouse gives a page with nothing to load, under the same throttling. */
const STATIC_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Página estática de referencia"><title>Referencia</title></head>
<body><main><h1>Arbitraje USD/VES</h1><p>Página estática de referencia.</p></main></body></html>`;

if (!existsSync(CHROMIUM))
  throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (as .ci/run does), or set CHROMIUM_PATH`);

const b = await startBench({
  webDist,
  setup(app) {
    app.get('/bench/static', async (_request, reply) => reply.type('text/html; charset=utf-8').send(STATIC_PAGE));
  },
});
const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-lh-chromium-'));
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    // DESIGN §10 flags, plus --disable-dev-shm-usage: /dev/shm is small in containers and Chromium
    // crashes when it fills. chrome-launcher starts the browser; Lighthouse never downloads one.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'silent',
  });
  const version = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
  const port = chrome.port;

  const audit = async (url: string): Promise<Result> => {
    const res = await lighthouse(url, { port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!res) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (res.lhr.runtimeError) throw new Error(`Lighthouse: ${res.lhr.runtimeError.code} ${res.lhr.runtimeError.message}`);
    return res.lhr;
  };
  const score = (r: Result, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
  /** The run whose performance score is the median, as Lighthouse's docs advise for variance. */
  const median = (runs: Result[]) =>
    [...runs].sort((x, y) => score(x, 'performance') - score(y, 'performance'))[Math.floor(runs.length / 2)]!;

  const started = performance.now();
  // The first navigation pays for Chromium's own start-up; it is not measured.
  await audit(`${b.baseUrl}/bench/static`);
  const base = await audit(`${b.baseUrl}/bench/static`);
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(`${b.baseUrl}/login`));
  const login = median(runs);
  const seconds = (performance.now() - started) / 1000;

  const rows: Row[] = [];
  for (const c of CATEGORIES) {
    const m = score(login, c);
    const bl = score(base, c);
    const budget = BUDGETS[c];
    rows.push({
      figure: `/login ${c}${RUNS > 1 ? ` (runs: ${runs.map((r) => score(r, c)).join(', ')})` : ''}`,
      budget: budget === undefined ? '-' : `>= ${budget}`,
      measured: String(m),
      baseline: `${bl} (static page)`,
      ratio: bl ? fmt(m / bl, 2) : '-',
      pass: budget === undefined ? null : m >= budget,
    });
  }
  for (const [id, label] of METRICS) {
    const a = login.audits[id];
    const bl = base.audits[id];
    rows.push({
      figure: `/login ${label}`,
      budget: '-',
      measured: a?.displayValue ?? '-',
      baseline: bl?.displayValue ?? '-',
      // A ratio to a near-zero baseline (TBT, CLS of a static page) says nothing.
      ratio: a?.numericValue !== undefined && bl?.numericValue && bl.numericValue >= 100 ? fmt(a.numericValue / bl.numericValue, 2) : '-',
      pass: null,
    });
  }
  // Lighthouse's own CPU score of the machine during the run: simulated throttling multiplies the
  // CPU time it observes, so a loaded machine (other benchmarks) scores lower than an idle one.
  rows.push({
    figure: 'benchmarkIndex (higher = faster CPU)',
    budget: '-',
    measured: fmt(login.environment.benchmarkIndex, 0),
    baseline: fmt(base.environment.benchmarkIndex, 0),
    ratio: '-',
    pass: null,
  });
  printTable(`Lighthouse (mobile, simulated throttling), median of ${RUNS} run(s) by performance, ${version}, ${fmt(seconds, 0)} s`, rows);

  // When a budget fails, the audits that cost the most points say what to fix.
  for (const c of CATEGORIES) {
    const budget = BUDGETS[c];
    if (budget === undefined || score(login, c) >= budget) continue;
    const refs = login.categories[c]?.auditRefs ?? [];
    const costly = refs
      .map((ref) => ({ ref, a: login.audits[ref.id] }))
      .filter(({ a }) => a && a.score !== null && a.score < 1)
      .sort((x, y) => y.ref.weight * (1 - (y.a!.score ?? 0)) - x.ref.weight * (1 - (x.a!.score ?? 0)))
      .slice(0, 10);
    console.info(`\n${c} ${score(login, c)} < ${budget}: failing audits (weight, score, value)`);
    for (const { ref, a } of costly)
      console.info(`  - ${a!.title} (weight ${ref.weight}, score ${a!.score}${a!.displayValue ? `, ${a!.displayValue}` : ''})`);
    if (c === 'performance') {
      // Opportunities and diagnostics carry no weight but name the bytes and milliseconds.
      const hints = Object.values(login.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings'))
        .slice(0, 10);
      for (const a of hints) console.info(`  · ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}`);
    }
  }
  const report = path.join(os.tmpdir(), 'arb-lighthouse-login.json');
  writeFileSync(report, JSON.stringify(login));
  console.info(`\nFull /login report (median run): ${report} (open it in https://googlechrome.github.io/lighthouse/viewer/)`);
} finally {
  chrome?.kill();
  await b.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
