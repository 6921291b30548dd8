#!/usr/bin/env node
/**
 * DESIGN §11 web budgets: the JavaScript a first visit to /login downloads must stay within
 * 200 KB gzip, and /dashboard within 350 KB gzip in total. Walks Vite's manifest from the entry
 * through static imports plus the route's lazy page chunk (when it has one).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const dep of manifest[k].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen];
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const pageKey = (name) => Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`));

// LoginPage is imported by the entry (the first screen of a signed-out visit): no chunk of its own.
const budgets = [
  { route: '/login', page: 'LoginPage', inEntry: true, budgetKb: 200 },
  { route: '/dashboard', page: 'DashboardPage', budgetKb: 350 },
];
let failed = false;
for (const b of budgets) {
  const key = pageKey(b.page);
  if (!key && !b.inEntry) throw new Error(`${b.page} not found in the Vite manifest`);
  const files = closure([entryKey, ...(key ? [key] : [])])
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + gz(f), 0) / 1024;
  const ok = kb <= b.budgetKb;
  failed ||= !ok;
  console.info(
    `${ok ? 'ok  ' : 'FAIL'} ${b.route}: ${kb.toFixed(1)} KB gzip of JavaScript (budget ${b.budgetKb} KB, ${files.length} files)`,
  );
}
process.exit(failed ? 1 : 0);
