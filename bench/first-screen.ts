/**
 * docs/decisions/0025-no-suspense-on-the-first-screen.md: when each part of the dashboard first
 * shows on a signed-in first visit, phone-sized, CPU slowed 4× (as Lighthouse's phone; the network
 * is not slowed: this measures the page's own waits and work). Lighthouse's simulation does not
 * count a page's idle time (React's 300 ms hold after a Suspense fallback, a timer); a phone does.
 * A MutationObserver in the page notes the first moment each part is in the document; milestones
 * are medians over the runs (performance.now(), ms from navigation). The baseline is the same
 * page's first paint of index.html's loading screen (before any script).
 *   node --import tsx bench/first-screen.ts           (FIRST_SCREEN_RUNS=7)
 *   FIRST_SCREEN_DIST=/path/to/dist …                 measures another build as is
 *   FIRST_SCREEN_COMPARE_DIST=/path/to/dist …         also that build, run for run alternately
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import {
  fmt,
  medianAndRange,
  printTable,
  seedDashboardSession,
  sessionStorageEntries,
  startBench,
  type Bench,
  type Row,
  type SignedInSession,
} from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(process.env.FIRST_SCREEN_DIST ?? path.join(root, 'apps/web/dist'));
const compareDist = process.env.FIRST_SCREEN_COMPARE_DIST ? path.resolve(process.env.FIRST_SCREEN_COMPARE_DIST) : undefined;
const RUNS = Math.max(1, Number(process.env.FIRST_SCREEN_RUNS ?? 7));
/** How long the page is watched after its last part shows, for the work that follows it. */
const QUIET_MS = 2000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`No build at ${webDist}: npm run build first`);
if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);

/** What the page shows, in the order a user sees it; each test runs in the page on every change. */
const MILESTONES = [
  ['loading screen (index.html)', `document.querySelector('.boot') !== null`],
  [
    'a spinner of React (guards, route, ledgers)',
    `[...document.querySelectorAll('[role="status"]')].some((e) => !e.classList.contains('boot'))`,
  ],
  ['app bar and form placeholder', `document.querySelector('[data-testid="tx-form-placeholder"], input[name="venta"]') !== null`],
  ["the day's list", `document.querySelector('[data-testid="tx-row"]') !== null`],
  ['the form', `document.querySelector('input[name="venta"]') !== null`],
  ['the tools', `document.querySelector('[aria-label="Opciones del registro"]') !== null`],
  ['the realtime connection', `(document.querySelector('main')?.textContent ?? '').includes('Conectado en tiempo real')`],
] as const;

/** Runs in the page before its scripts: the session in localStorage, then the first time each milestone holds. */
const probe = (session: SignedInSession) => `(() => {
  for (const [key, value] of ${JSON.stringify(sessionStorageEntries(session))}) localStorage.setItem(key, value);
  const tests = [${MILESTONES.map(([, test]) => `() => ${test}`).join(', ')}];
  const seen = window.__firstSeen = tests.map(() => null);
  const check = () => tests.forEach((t, i) => { if (seen[i] === null && t()) seen[i] = performance.now(); });
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  const long = window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
})();`;

interface Target {
  server: Bench;
  session: SignedInSession;
  runs: Array<Array<number | null>>;
  /** Per run: the main thread's blocking time after the loading screen (Lighthouse's TBT, CPU 4×) and its longest task. */
  blocking: Array<{ total: number; longest: number }>;
}

async function prepare(dist: string): Promise<Target> {
  const server = await startBench({ webDist: dist });
  return { server, session: await seedDashboardSession(server), runs: [], blocking: [] };
}

/** One first visit in a fresh context (no cache, no service worker), until every part has shown. */
async function visit(browser: Browser, t: Target): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript({ content: probe(t.session) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${t.server.baseUrl}/dashboard`);
    // Until every part has shown (a React spinner may never: it is not waited for).
    await page.waitForFunction(
      () => (globalThis as unknown as { __firstSeen: Array<number | null> }).__firstSeen.every((v, i) => i === 1 || v !== null),
      undefined,
      { timeout: 30_000 },
    );
    // Work that follows the last part (effects, answers) still blocks a tap: a quiet moment more.
    await page.waitForTimeout(QUIET_MS);
    const { seen, long } = await page.evaluate(() => {
      const w = globalThis as unknown as { __firstSeen: Array<number | null>; __longTasks: Array<[number, number]> };
      return { seen: w.__firstSeen, long: w.__longTasks };
    });
    t.runs.push(seen);
    // As Lighthouse's Total Blocking Time: each task's time beyond 50 ms, from the first paint
    // (the loading screen) on. The CPU is slowed as Lighthouse's simulation assumes, so a task
    // here is as long as Lighthouse counts it.
    const after = long.filter(([start]) => start >= (seen[0] ?? 0));
    t.blocking.push({
      total: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      longest: Math.max(0, ...after.map(([, d]) => d)),
    });
  } finally {
    await context.close();
  }
}

const targets = [await prepare(webDist), ...(compareDist ? [await prepare(compareDist)] : [])];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
try {
  await visit(browser, targets[0]!); // Chromium's own start-up, not measured
  targets[0]!.runs.length = 0;
  targets[0]!.blocking.length = 0;
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? [...targets].reverse() : targets;
    for (const t of order) await visit(browser, t);
  }
} finally {
  await browser.close();
  for (const t of targets) await t.server.close();
}

/** The median of milestone `i` over the runs where it showed, and in how many it did. */
function summary(t: Target, i: number): string {
  const values = t.runs.map((r) => r[i]).filter((v): v is number => v !== null);
  if (values.length === 0) return 'never';
  values.sort((a, b) => a - b);
  const m = values[Math.floor(values.length / 2)]!;
  return `${fmt(m, 0)} ms${values.length < t.runs.length ? ` (${values.length} of ${t.runs.length} runs)` : ''}`;
}
const rows: Row[] = MILESTONES.map(([label], i) => ({
  figure: `${label}${targets[1] ? ', this build vs comparison build' : ''}`,
  budget: '-',
  measured: summary(targets[0]!, i),
  baseline: targets[1] ? summary(targets[1], i) : i === 0 ? '-' : summary(targets[0]!, 0),
  ratio: '-',
  pass: null,
}));
/** Median and range of one blocking figure over the runs. */
function blocking(t: Target, key: 'total' | 'longest'): string {
  return medianAndRange(
    t.blocking.map((b) => b[key]),
    (v) => `${fmt(v, 0)} ms`,
  );
}
for (const [key, label] of [
  ['total', 'blocking time after the loading screen (as Lighthouse TBT), median (range)'],
  ['longest', 'longest task after the loading screen, median (range)'],
] as const)
  rows.push({
    figure: label,
    budget: '-',
    measured: blocking(targets[0]!, key),
    baseline: targets[1] ? blocking(targets[1], key) : '-',
    ratio: '-',
    pass: null,
  });
printTable(
  `Dashboard first screen, phone size, CPU 4×, median of ${RUNS} run(s) (ms from navigation)${compareDist ? `; baseline column: ${compareDist}` : '; baseline: the loading screen'}`,
  rows,
);
