#!/usr/bin/env node
/**
 * Fails when a module imports itself through a circle of relative imports (type-only imports
 * included: a service that needs a type from a plugin is a layering mistake too). Reads the
 * source with the TypeScript compiler's own import scanner, so there is no extra dependency.
 * Run by scripts/test.mjs ("import cycles"); `node scripts/check-cycles.mjs` prints each circle.
 * See docs/conventions.md "Imports".
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['packages/shared/src', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'e2e', 'bench'].map((d) => path.join(root, d));
const EXTS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return EXTS.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, ...EXTS.map((x) => base + x), ...EXTS.map((x) => path.join(base, `index${x}`))];
  // `./x.js` written for `./x.ts` (NodeNext style).
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.m?js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const graph = new Map();
for (const file of roots.flatMap(filesUnder)) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  graph.set(file, [...new Set(importedFiles.map((f) => resolve(file, f.fileName)).filter(Boolean))]);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function visit(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfLoop = (graph.get(v) ?? []).includes(v);
    if (component.length > 1 || selfLoop) circles.push(component);
  }
}
for (const v of graph.keys()) if (!idx.has(v)) visit(v);

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s):`);
  for (const c of circles)
    console.error(
      `  ${c
        .map((f) => path.relative(root, f))
        .sort()
        .join('\n    ↔ ')}`,
    );
  process.exit(1);
}
console.info(`No import circles among ${graph.size} files.`);
