/**
 * docs/benchmarks.md: Lighthouse (mobile) on /login: performance >= 90, accessibility >= 95; on
 * /dashboard signed in: performance >= 90.
 * The real server serves the built web app (rebuilt first when missing or older than its
 * sources); Lighthouse's default config (mobile form factor, simulated slow-4G and 4× CPU
 * throttling) audits it in Debian's Chromium. The baseline is a trivial static page served by the
 * same server in the same run: the ceiling this machine and throttling allow.
 * /dashboard is audited as a signed-in user's first visit: the session is in localStorage (where
 * the app keeps it) and the HTTP cache, service worker and its caches are emptied before each run.
 *   node --import tsx bench/lighthouse.ts      (LIGHTHOUSE_RUNS=5 for a steadier median)
 *   LIGHTHOUSE_WEB_DIST=/path/to/dist …         audits another build as is (a before/after pair)
 *   LIGHTHOUSE_ROUTES=/dashboard …              one route only
 *   LIGHTHOUSE_PROFILE=1 …                      the median run's trace also holds a CPU profile
 *   LIGHTHOUSE_COMPARE_DIST=/path/to/dist …     also audits that build, run for run alternately with
 *                                              this one (its own server), and prints both: on this
 *                                              2-core machine one set after another differed by more
 *                                              than the changes measured (docs/decisions/0024-entry-and-commit-tasks.md)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  fmt,
  medianAndRange,
  printTable,
  seedDashboardSession,
  sessionStorageEntries,
  startBench,
  type Row,
  type SignedInSession,
} from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const otherDist = process.env.LIGHTHOUSE_WEB_DIST;
const webDist = otherDist ? path.resolve(otherDist) : path.join(root, 'apps/web/dist');
const compareDist = process.env.LIGHTHOUSE_COMPARE_DIST ? path.resolve(process.env.LIGHTHOUSE_COMPARE_DIST) : undefined;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** LIGHTHOUSE_ROUTES=/dashboard audits one route only (while working on it). */
const ONLY = (process.env.LIGHTHOUSE_ROUTES ?? '/login,/dashboard')
  .split(',')
  .filter((r): r is '/login' | '/dashboard' => r === '/login' || r === '/dashboard');
const PROFILE = process.env.LIGHTHOUSE_PROFILE === '1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGETS: Record<'/login' | '/dashboard', Partial<Record<Category, number>>> = {
  '/login': { performance: 90, accessibility: 95 },
  '/dashboard': { performance: 90 },
};
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
if (!otherDist && sources.some((s) => newest(path.join(root, s)) > builtAt)) {
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
const other = compareDist ? await startBench({ webDist: compareDist }) : undefined;
const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-lh-chromium-'));
let chrome: chromeLauncher.LaunchedChrome | undefined;

try {
  const targets = [{ server: b, session: await seedDashboardSession(b) }];
  if (other) targets.push({ server: other, session: await seedDashboardSession(other) });

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    // docs/architecture.md#tests flags, plus --disable-dev-shm-usage: /dev/shm is small in containers and Chromium
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
  /**
   * A first visit, signed in (session in localStorage) or not (localStorage empty: Lighthouse's
   * own storage reset leaves it, so a /login audit after a signed-in one was redirected to the
   * dashboard); HTTP cache, service worker and its caches empty. Prepared by a second client of
   * the same Chromium (playwright-core over CDP), connected only meanwhile: attached during an
   * audit, it spoils Lighthouse's trace (NO_NAVSTART).
   */
  const prepare = async (origin: string, session: SignedInSession | null) => {
    const driver = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = driver.contexts()[0]!;
      const page = await context.newPage();
      await page.goto(`${origin}/robots.txt`); // a page of the origin that runs no app code
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
      await page.evaluate(
        (entries) => {
          // Runs in the page; bench/ compiles without the DOM types.
          const store = (globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }).localStorage;
          store.clear();
          for (const [key, value] of entries) store.setItem(key, value);
        },
        session ? sessionStorageEntries(session) : [],
      );
      await page.close();
    } finally {
      await driver.close(); // disconnects; the browser is chrome-launcher's
    }
  };

  /** Runs' unthrottled traces, until the median is known: the median run's is written beside its report. */
  const traces = new Map<Result, unknown>();
  const audit = async (url: string, session: SignedInSession | null = null, attempt = 1): Promise<Result> => {
    const signedIn = session !== null;
    await prepare(new URL(url).origin, session);
    // Signed in, Lighthouse must keep the origin's storage (the session); the cache is emptied above.
    const res = await lighthouse(url, {
      port,
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: signedIn,
      // LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to the trace: which functions ran in each
      // long task (it costs a little time itself, so scores are taken without it).
      ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!res) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (res.lhr.runtimeError) {
      // On a loaded machine Chromium's trace sometimes misses the navigation's start; Lighthouse's
      // own advice is to run again.
      if (res.lhr.runtimeError.code === 'NO_NAVSTART' && attempt < 3) return audit(url, session, attempt + 1);
      throw new Error(`Lighthouse: ${res.lhr.runtimeError.code} ${res.lhr.runtimeError.message}`);
    }
    const landed = new URL(res.lhr.finalDisplayedUrl).pathname;
    const expected = signedIn ? '/dashboard' : new URL(url).pathname;
    if (!landed.startsWith(expected)) throw new Error(`The audit of ${url} ended on ${res.lhr.finalDisplayedUrl}, not ${expected}`);
    traces.set(res.lhr, res.artifacts.Trace);
    return res.lhr;
  };
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const score = (r: Result, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
  /** The run whose performance score is the median, as Lighthouse's docs advise for variance. */
  const median = (runs: Result[]) =>
    [...runs].sort((x, y) => score(x, 'performance') - score(y, 'performance'))[Math.floor(runs.length / 2)]!;

  const started = performance.now();
  // The first navigation pays for Chromium's own start-up; it is not measured.
  await audit(`${b.baseUrl}/bench/static`);
  const base = await audit(`${b.baseUrl}/bench/static`);
  traces.clear();
  const routes: Array<{ route: '/login' | '/dashboard'; runs: Result[]; median: Result }> = [];
  const compared: Array<{ route: '/login' | '/dashboard'; runs: Result[]; median: Result }> = [];
  for (const route of ONLY) {
    const runs = targets.map(() => [] as Result[]);
    for (let i = 0; i < RUNS; i++) {
      // Alternately first, so neither build always follows the other.
      const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
      for (const t of order) {
        const { server, session } = targets[t]!;
        runs[t]!.push(await audit(`${server.baseUrl}${route}`, route === '/dashboard' ? session : null));
      }
    }
    routes.push({ route, runs: runs[0]!, median: median(runs[0]!) });
    if (runs[1]) compared.push({ route, runs: runs[1], median: median(runs[1]) });
    // Only the median run's trace of this build is written: a trace is some 10 MB of objects.
    const kept = traces.get(routes.at(-1)!.median);
    for (const r of runs.flat()) traces.delete(r);
    traces.set(routes.at(-1)!.median, kept);
  }
  const seconds = (performance.now() - started) / 1000;

  const rows: Row[] = [];
  for (const { route, runs, median: m } of routes) {
    for (const c of CATEGORIES) {
      const measured = score(m, c);
      const bl = score(base, c);
      const budget = BUDGETS[route][c];
      rows.push({
        figure: `${route} ${c}${RUNS > 1 ? ` (runs: ${runs.map((r) => score(r, c)).join(', ')})` : ''}`,
        budget: budget === undefined ? '-' : `>= ${budget}`,
        measured: String(measured),
        baseline: `${bl} (static page)`,
        ratio: bl ? fmt(measured / bl, 2) : '-',
        pass: budget === undefined ? null : measured >= budget,
      });
    }
    for (const [id, label] of METRICS) {
      const a = m.audits[id];
      const bl = base.audits[id];
      rows.push({
        figure: `${route} ${label}`,
        budget: '-',
        measured: a?.displayValue ?? '-',
        baseline: bl?.displayValue ?? '-',
        // A ratio to a near-zero baseline (TBT, CLS of a static page) says nothing.
        ratio: a?.numericValue !== undefined && bl?.numericValue && bl.numericValue >= 100 ? fmt(a.numericValue / bl.numericValue, 2) : '-',
        pass: null,
      });
    }
  }
  // The comparison build, audited run for run alternately with this one.
  for (const { route, runs, median: m } of compared) {
    const mine = routes.find((r) => r.route === route)!.median;
    rows.push({
      figure: `${route} performance, comparison build (runs: ${runs.map((r) => score(r, 'performance')).join(', ')})`,
      budget: '-',
      measured: String(score(mine, 'performance')),
      baseline: `${score(m, 'performance')} (${compareDist})`,
      ratio: score(m, 'performance') ? fmt(score(mine, 'performance') / score(m, 'performance'), 2) : '-',
      pass: null,
    });
    const myRuns = routes.find((r) => r.route === route)!.runs;
    rows.push({
      figure: `${route} performance, mean of the runs, comparison build`,
      budget: '-',
      measured: fmt(mean(myRuns.map((r) => score(r, 'performance'))), 1),
      baseline: fmt(mean(runs.map((r) => score(r, 'performance'))), 1),
      ratio: '-',
      pass: null,
    });
    // Each metric's own median over the runs: the median run by score (the rows above) carries
    // one run's LCP and TBT, and on this machine those vary more than the score does.
    for (const [id, label] of METRICS.filter(([id]) => id === 'total-blocking-time' || id === 'largest-contentful-paint')) {
      const unit = id === 'total-blocking-time' ? (v: number) => `${fmt(v, 0)} ms` : (v: number) => `${fmt(v / 1000, 2)} s`;
      const spread = (rs: Result[]) =>
        medianAndRange(
          rs.map((r) => r.audits[id]?.numericValue ?? NaN),
          unit,
        );
      rows.push({
        figure: `${route} ${label}, comparison build (median run; median of the runs, range)`,
        budget: '-',
        measured: `${mine.audits[id]?.displayValue ?? '-'}; ${spread(myRuns)}`,
        baseline: `${m.audits[id]?.displayValue ?? '-'}; ${spread(runs)}`,
        ratio: '-',
        pass: null,
      });
    }
  }
  // Lighthouse's own CPU score of the machine during the run: simulated throttling multiplies the
  // CPU time it observes, so a loaded machine (other benchmarks) scores lower than an idle one.
  rows.push({
    figure: 'benchmarkIndex (higher = faster CPU)',
    budget: '-',
    measured: routes.map((r) => fmt(r.median.environment.benchmarkIndex, 0)).join(' / '),
    baseline: fmt(base.environment.benchmarkIndex, 0),
    ratio: '-',
    pass: null,
  });
  printTable(
    `Lighthouse (mobile, simulated throttling), median of ${RUNS} run(s) by performance, ${version}${otherDist ? `, ${webDist}` : ''}, ${fmt(seconds, 0)} s`,
    rows,
  );

  // Every run's score and the metrics it came from: on this 2-core machine one build's runs spread
  // over 15 points, and which metric moved (an FCP that waited for the entry, one long task) tells
  // noise from a change (docs/benchmarks.md).
  const perRun = (r: Result) =>
    `${score(r, 'performance')} (FCP ${fmt((r.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000, 2)} s, LCP ${fmt(
      (r.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
      2,
    )} s, TBT ${fmt(r.audits['total-blocking-time']?.numericValue ?? NaN, 0)} ms, CLS ${fmt(r.audits['cumulative-layout-shift']?.numericValue ?? NaN, 3)})`;
  for (const [label, list] of [
    ['', routes],
    [`, ${compareDist}`, compared],
  ] as const)
    for (const { route, runs } of list) console.info(`${route} runs${label}: ${runs.map(perRun).join('; ')}`);

  // When a budget fails, the audits that cost the most points say what to fix.
  for (const { route, median: m } of routes) {
    for (const c of CATEGORIES) {
      const budget = BUDGETS[route][c];
      if (budget === undefined || score(m, c) >= budget) continue;
      const refs = m.categories[c]?.auditRefs ?? [];
      const costly = refs
        .map((ref) => ({ ref, a: m.audits[ref.id] }))
        .filter(({ a }) => a && a.score !== null && a.score < 1)
        .sort((x, y) => y.ref.weight * (1 - (y.a!.score ?? 0)) - x.ref.weight * (1 - (x.a!.score ?? 0)))
        .slice(0, 10);
      console.info(`\n${route} ${c} ${score(m, c)} < ${budget}: failing audits (weight, score, value)`);
      for (const { ref, a } of costly)
        console.info(`  - ${a!.title} (weight ${ref.weight}, score ${a!.score}${a!.displayValue ? `, ${a!.displayValue}` : ''})`);
      if (c === 'performance') {
        // Opportunities and diagnostics carry no weight but name the bytes and milliseconds.
        const hints = Object.values(m.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings'))
          .slice(0, 10);
        for (const a of hints) console.info(`  · ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}`);
      }
    }
  }
  for (const { route, median: m } of routes) {
    const report = path.join(os.tmpdir(), `arb-lighthouse-${route.slice(1)}.json`);
    writeFileSync(report, JSON.stringify(m));
    // The trace shows what ran in each long task (DevTools' Performance panel opens it).
    const trace = report.replace(/\.json$/, '.trace.json');
    writeFileSync(trace, JSON.stringify(traces.get(m)));
    console.info(
      `\nFull ${route} report (median run): ${report} (open it in https://googlechrome.github.io/lighthouse/viewer/); its trace: ${trace}`,
    );
  }
} finally {
  chrome?.kill();
  await b.close();
  await other?.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
