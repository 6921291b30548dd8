/**
 * docs/benchmarks.md web weight, and where it is. Builds the web app (into apps/web/dist, the build the
 * server then serves), counts in Chromium the JS /login and a signed-in /dashboard load by the
 * counting rule of docs/benchmarks.md (e2e/support/web-weight.ts, the same code as the budget journey in `npm test`), and
 * prints, for every file loaded, its gzip size and the biggest packages and modules inside it.
 * The baseline is React + ReactDOM alone as they sit in this build: the floor any page of this
 * app pays, so the ratio says how many "Reacts" of JavaScript a screen costs.
 *   node --import tsx bench/web-weight.ts      (the full module list: /tmp/arb-bundle-report.json)
 *   WEB_WEIGHT_DIST=/path/to/dist …             counts another build as is, without the report
 *                                               (a before/after pair)
 * DESIGN §27: the Cuentas, Socios and Reportes pages load no more JS than /dashboard's budget, and
 * the chart library (uPlot, decision 0051) only on Reportes and the history. Each page is counted
 * like /dashboard — from opening /login, signing in, to 5 s after the page shows its title — and
 * the files holding uPlot are named per screen (from the build's module lists).
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import {
  describeWeight,
  fresh,
  launchChromium,
  measureDashboard,
  measureLogin,
  recordJs,
  SETTLE_MS,
  signInToDashboard,
  WEB_BUDGET_KB,
  type Weight,
} from '../e2e/support/web-weight.ts';
import { fmt, printTable, seedOwner, startBench, withPassword, type Row } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
const otherDist = process.env.WEB_WEIGHT_DIST;
const webDist = otherDist ? path.resolve(otherDist) : path.join(webRoot, 'dist');
if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);

interface ModuleShare {
  /** A package name (`@mui/material`) or a source path (`src/features/…`). */
  id: string;
  /** This module's share of its chunk's gzip: chunk gzip × its rendered bytes / all rendered bytes. */
  gzip: number;
}
interface ChunkReport {
  file: string;
  gzip: number;
  modules: ModuleShare[];
}

/** `node_modules/@mui/material/esm/Button/Button.js` → `@mui/material`; our sources keep their path. */
function packageOf(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0]!;
  const nm = clean.lastIndexOf('node_modules/');
  if (nm < 0) return path.relative(root, clean) || clean;
  const parts = clean.slice(nm + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const started = performance.now();
const output = otherDist ? [] : await build({ root: webRoot, logLevel: 'warn' });
const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
const chunks = new Map<string, ChunkReport>();
for (const out of outputs) {
  for (const item of out.output ?? []) {
    if (item.type !== 'chunk') continue;
    const gzip = gzipSync(item.code, { level: 9 }).length;
    const entries = Object.entries(item.modules).filter(([, m]) => m.renderedLength > 0);
    const rendered = entries.reduce((s, [, m]) => s + m.renderedLength, 0) || 1;
    const modules = entries
      .map(([id, m]) => ({ id: path.relative(root, id.replace(/^\0/, '')), gzip: (gzip * m.renderedLength) / rendered }))
      .sort((a, b) => b.gzip - a.gzip);
    chunks.set(`/${item.fileName}`, { file: item.fileName, gzip, modules });
  }
}
const byPackage = (mods: ModuleShare[]): ModuleShare[] => {
  const sums = new Map<string, number>();
  for (const m of mods) sums.set(packageOf(m.id), (sums.get(packageOf(m.id)) ?? 0) + m.gzip);
  return [...sums].map(([id, gzip]) => ({ id, gzip })).sort((a, b) => b.gzip - a.gzip);
};
/** The floor: React, ReactDOM and the scheduler as they sit in this build's chunks. */
const reactKb =
  [...chunks.values()]
    .flatMap((c) => c.modules)
    .filter((m) => ['react', 'react-dom', 'scheduler'].includes(packageOf(m.id)))
    .reduce((s, m) => s + m.gzip, 0) / 1024;

/**
 * A ledger page counted like /dashboard (docs/benchmarks.md): in a fresh browser, every JS file from
 * opening /login, signing in and landing on the dashboard, then opening the page, until SETTLE_MS
 * after its title shows.
 */
async function measurePage(
  baseURL: string,
  account: { email: string; password: string },
  route: string,
): Promise<{ path: Weight; own: Weight }> {
  const page = await fresh(browser);
  try {
    const collect = recordJs(page);
    await signInToDashboard(page, baseURL, account);
    // The page's own load (a link or a bookmark opened signed in): every JS file it asks for,
    // served from the browser's cache or not, from its navigation to SETTLE_MS after its title.
    const ownCollect = recordJs(page);
    await page.goto(`${baseURL}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const own = await ownCollect();
    return { path: await collect(), own };
  } finally {
    await page.context().close();
  }
}

const b = await startBench({ webDist });
const browser = await launchChromium();
let login: Weight;
let dashboard: Weight;
const pages: { name: string; weight: Weight; path: Weight }[] = [];
try {
  // A verified account with its own ledger (seedOwner), whose password the login form can check.
  const owner = await seedOwner(b, 'Peso');
  const account = await withPassword(b, owner.userId);
  login = await measureLogin(browser, b.baseUrl);
  dashboard = await measureDashboard(browser, b.baseUrl, account);
  for (const name of ['cuentas', 'socios', 'reportes', 'history']) {
    const w = await measurePage(b.baseUrl, account, `/ledger/${owner.ledgerId}/${name}`);
    pages.push({ name, weight: w.own, path: w.path });
  }
} finally {
  await browser.close();
  await b.close();
}
const seconds = (performance.now() - started) / 1000;

const row = (route: string, w: Weight, budget: number): Row => ({
  figure: `${route} JS, gzip (${w.files.length} files)`,
  budget: `<= ${budget} KB`,
  measured: `${fmt(w.kb)} KB`,
  baseline: reactKb ? `${fmt(reactKb)} KB (React + ReactDOM)` : '-',
  ratio: reactKb ? fmt(w.kb / reactKb, 2) : '-',
  pass: w.kb <= budget,
});
// The files holding the chart library, from the build's module lists (none when counting another build).
const chartFiles = new Set([...chunks].filter(([, c]) => c.modules.some((m) => packageOf(m.id) === 'uplot')).map(([p]) => p));
const charts = (w: Weight) => w.files.filter((f) => chartFiles.has(f.path)).map((f) => f.path);
const CHART_PAGES = new Set(['reportes', 'history']);
printTable(`Web weight (Chromium, docs/benchmarks.md counting)${otherDist ? `, ${webDist}` : ''}, ${fmt(seconds, 0)} s`, [
  row('/login', login, WEB_BUDGET_KB.login),
  row('/dashboard signed in', dashboard, WEB_BUDGET_KB.dashboard),
  ...pages.map((p) => row(`/ledger/:id/${p.name} opened signed in`, p.weight, WEB_BUDGET_KB.dashboard)),
  // For reference: the whole way there (sign-in lands on the dashboard first), no budget of its own.
  ...pages.map((p): Row => ({ ...row(`/login → /dashboard → ${p.name}`, p.path, WEB_BUDGET_KB.dashboard), budget: '-', pass: null })),
  ...(otherDist
    ? []
    : [{ name: 'dashboard', weight: dashboard }, ...pages].map((p): Row => ({
        figure: `chart library (uPlot) on ${p.name}`,
        budget: CHART_PAGES.has(p.name) ? 'allowed' : 'none',
        measured: charts(p.weight).join(', ') || 'none',
        baseline: '-',
        ratio: '-',
        pass: CHART_PAGES.has(p.name) ? null : charts(p.weight).length === 0,
      }))),
]);

// Where the weight is: every file loaded, biggest first, with its heaviest packages and modules.
const loginPaths = new Set(login.files.map((f) => f.path));
console.info('\nFiles loaded (L = already by /login), gzip KB; inside: biggest packages, then biggest of our modules');
for (const f of [...dashboard.files].sort((x, y) => y.gzip - x.gzip)) {
  const c = chunks.get(f.path);
  const kb = (n: number) => fmt(n / 1024);
  console.info(`${loginPaths.has(f.path) ? 'L' : ' '} ${kb(f.gzip).padStart(6)}  ${f.path}`);
  if (!c) continue;
  const pkgs = byPackage(c.modules).filter((p) => p.gzip >= 512);
  if (pkgs.length > 1 || (pkgs[0] && !pkgs[0].id.startsWith('apps/')))
    console.info(
      `          packages: ${pkgs
        .slice(0, 8)
        .map((p) => `${p.id} ${kb(p.gzip)}`)
        .join(', ')}`,
    );
  const ours = c.modules.filter((m) => !m.id.includes('node_modules') && m.gzip >= 512).slice(0, 6);
  if (ours.length) console.info(`          ours: ${ours.map((m) => `${m.id.replace(/^apps\/web\/src\//, '')} ${kb(m.gzip)}`).join(', ')}`);
}
if (!dashboard.files.length) console.info(describeWeight(login));
const reportFile = path.join(os.tmpdir(), 'arb-bundle-report.json');
writeFileSync(reportFile, JSON.stringify({ login, dashboard, pages, reactKb, chunks: [...chunks.values()] }, null, 1));
console.info(`\nEvery chunk with its modules' estimated gzip shares: ${reportFile}`);
