import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE_NAME, API_READS } from './src/shared/offline/api-reads.ts';

/**
 * Writes `.br` and `.gz` beside every text file of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`). Compressing once at build time at the highest
 * levels costs nothing per request; a mobile first visit to /login then downloads about a third of
 * the bytes (Lighthouse, docs/benchmarks.md). Runs after the service worker is generated so it is included.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'arb-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
          // .vite/ holds the build manifest for scripts, never served.
          .filter((f) => !f.startsWith('.vite') && /\.(js|css|html|svg|json|webmanifest)$/.test(f));
        for (const file of files) {
          const full = path.join(outDir, file);
          const raw = readFileSync(full);
          if (raw.length < 1024) continue;
          const br = brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length) writeFileSync(`${full}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${full}.gz`, gz);
        }
      },
    },
  };
}

type ResolveIdHook = Extract<NonNullable<Plugin['resolveId']>, (...args: never[]) => unknown>;

/**
 * A `resolveId` that gives `replacement` wherever an import (its specifier matching `hint`) would
 * resolve to the module `target`; `swapped()` says whether it did, for the build to fail if a
 * package moved the module rather than silently going back.
 */
function swapModule(hint: RegExp, target: RegExp, replacement: string): { resolveId: ResolveIdHook; swapped(): boolean } {
  let swapped = false;
  return {
    swapped: () => swapped,
    async resolveId(source, importer, options) {
      if (!importer || !hint.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !target.test(resolved.id)) return null;
      swapped = true;
      return replacement;
    },
  };
}

/**
 * Swaps MUI's `locale/utils/buildFormatNumber` for ours (src/shared/lib/lazy-format-number.ts):
 * the same formatter, built on first use. MUI's builds an Intl.NumberFormat as TablePagination and
 * the esES locale are evaluated, and a page's first Intl format starts ICU: 18 ms in the entry's
 * task and again in the `mui` file's, unthrottled (docs/decisions/0024-entry-and-commit-tasks.md).
 * The build fails if MUI moves the module, rather than silently going back.
 */
function lazyMuiNumberFormat(): Plugin {
  const swap = swapModule(
    /buildFormatNumber/,
    /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/,
    path.resolve(import.meta.dirname, 'src/shared/lib/lazy-format-number.ts'),
  );
  return {
    name: 'arb-lazy-mui-number-format',
    enforce: 'pre',
    resolveId: swap.resolveId,
    buildEnd(error) {
      if (!error && this.environment.mode === 'build' && !swap.swapped())
        this.error("MUI's locale/utils/buildFormatNumber was not found: see lazyMuiNumberFormat in vite.config.ts");
    },
  };
}

/**
 * MUI's default themes, built when first read (src/shared/lib/lazy-default-theme.ts): MUI builds
 * one as `styles/defaultTheme` is evaluated and another for Box, both in the entry's task, and
 * reads them only where no ThemeProvider is above a component, which the app never renders
 * (docs/decisions/0029-the-entrys-evaluation.md). `styles/defaultTheme` is swapped for ours, and
 * Box's `createTheme()` for it. The build fails if MUI moves either, rather than silently going back.
 */
function lazyMuiDefaultTheme(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/shared/lib/lazy-default-theme.ts');
  const swap = swapModule(/defaultTheme/, /[\\/]@mui[\\/]material[\\/]styles[\\/]defaultTheme\.m?js$/, replacement);
  const box = /[\\/]@mui[\\/]material[\\/]Box[\\/]Box\.mjs$/;
  const boxTheme = 'const defaultTheme = createTheme();';
  let boxDone = false;
  return {
    name: 'arb-lazy-mui-default-theme',
    enforce: 'pre',
    resolveId: swap.resolveId,
    transform(code, id) {
      if (!box.test(id) || !code.includes(boxTheme)) return null;
      boxDone = true;
      return code.replace(boxTheme, `import lazyDefaultTheme from ${JSON.stringify(replacement)};\nconst defaultTheme = lazyDefaultTheme;`);
    },
    buildEnd(error) {
      if (!error && this.environment.mode === 'build' && !(swap.swapped() && boxDone))
        this.error("MUI's default themes were not found where expected: see lazyMuiDefaultTheme in vite.config.ts");
    },
  };
}

/**
 * Fewer, larger files for the signed-in dashboard (docs/decisions/0019-dashboard-first-paint.md).
 * Automatic splitting gave the entry 14 files and the dashboard 40 more, most under 3 KB gzip.
 * Over HTTP/1.1 a browser opens 6 connections per origin, so each further wave of 6 files costs a
 * round trip before any byte arrives (150 ms on Lighthouse's simulated slow 4G); the day's list
 * painted after ~9 such waves. So:
 * - `app`: every module the entry loads statically (rolldown's `$initial` tag): every page,
 *   /login included, loads all of them anyway, so one file costs no byte more;
 * - `shared`: @arb/shared's money texts, money rules and permissions without its schemas (zod):
 *   the dashboard's first paint formats money and needs no schema (decision 0023);
 * - what /login may load by itself, one file each, taken first: the form validation (when a
 *   field is first focused), the query cache, the registration tab and invite notice;
 * - `mui-dashboard`: the MUI the dashboard and its form use, read from their imports
 *   (docs/decisions/0028-the-dashboards-own-mui.md); `mui`: the rest of MUI (whatever the entry
 *   does not load), the other pages'. Both taken before the closures below, which reach all of MUI
 *   through its index: the dashboard's first screen needs MUI's components but not
 *   react-hook-form, which stays in `forms` with the registration tab, loaded by the dashboard
 *   only with the new-transaction form after the day's list has painted
 *   (docs/decisions/0019-dashboard-first-paint.md "The form after the day's list");
 * - `dashboard`: the rest of what the dashboard screen and the offline sender load statically
 *   (React's lazy() fetched it as ~40 files). Other screens that share a module with it load
 *   this file too; the service worker precaches it after sign-in anyway.
 * Screens and dialogs loaded on demand (history, admin, group management…) keep their own files.
 */

/** Module ids statically reachable from `starts` (ids), going on only into imports `follow` accepts. */
function reachable(starts: Iterable<string>, ctx: Rolldown.ChunkingContext, follow: (id: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter(follow));
  }
  return seen;
}

/** Module ids statically reachable from `roots` (paths under apps/web). */
const staticClosure = (roots: string[], ctx: Rolldown.ChunkingContext) =>
  reachable(
    roots.map((r) => path.resolve(import.meta.dirname, r)),
    ctx,
  );

/** A group of the modules `members` gives, computed once per chunking pass. */
function groupOf(name: string, priority: number, members: (ctx: Rolldown.ChunkingContext) => Set<string>): Rolldown.CodeSplittingGroup {
  const sets = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
  return {
    debugName: name,
    priority,
    name(id, ctx) {
      let set = sets.get(ctx);
      if (!set) sets.set(ctx, (set = members(ctx)));
      return set.has(id) ? name : null;
    },
  };
}

/**
 * A group of every module `roots` load statically. Groups of higher priority take their modules
 * first, so what /login may load on its own (validation, the query cache, the registration form)
 * stays out of the dashboard's file: /login never downloads the dashboard (docs/benchmarks.md, 160 KB).
 */
const closureGroup = (name: string, roots: string[], priority: number) => groupOf(name, priority, (ctx) => staticClosure(roots, ctx));

const MUI = /[\\/]node_modules[\\/](@mui|@popperjs|react-transition-group)[\\/]/;
const MUI_MATERIAL = path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'));
const MUI_MATERIAL_BARREL = /[\\/]@mui[\\/]material[\\/]index\.mjs$/;
const MUI_BARREL = /import\s*\{([^}]*)\}\s*from\s*["']@mui\/material["']/g;

/**
 * The MUI modules `roots` use: the components our own modules in their static closure import from
 * the `@mui/material` barrel (by name) or by path, with what those components load. Not the
 * closure through the barrel, which reaches every component the app uses anywhere.
 */
function muiUsedBy(roots: string[], ctx: Rolldown.ChunkingContext): Set<string> {
  const ours = reachable(
    roots.map((r) => path.resolve(import.meta.dirname, r)),
    ctx,
    (id) => !id.includes('node_modules'),
  );
  const used = new Set<string>();
  for (const id of ours) {
    const info = ctx.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) if (MUI.test(imported)) used.add(imported);
    for (const [, names] of (info?.code ?? '').matchAll(MUI_BARREL)) {
      for (const entry of names!.split(',')) {
        const file = path.join(MUI_MATERIAL, entry.trim().split(/\s+as\s+/)[0]!, 'index.mjs');
        if (ctx.getModuleInfo(file)) used.add(file);
      }
    }
  }
  const inMui = (id: string) => MUI.test(id) && !MUI_MATERIAL_BARREL.test(id);
  return reachable([...used].filter(inMui), ctx, inMui);
}

/** A group of the MUI modules `roots` use (muiUsedBy; docs/decisions/0028-the-dashboards-own-mui.md). */
const muiGroup = (name: string, roots: string[], priority: number) => groupOf(name, priority, (ctx) => muiUsedBy(roots, ctx));

export default defineConfig({
  plugins: [
    lazyMuiNumberFormat(),
    lazyMuiDefaultTheme(),
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'Arbitraje USD/VES',
        short_name: 'Arbitraje',
        description: 'Sistema de seguimiento de operaciones',
        lang: 'es',
        start_url: '/dashboard',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0d47a1',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        // The first visit's page is controlled as soon as the worker is ready, so a connection lost
        // right after it still reloads the app (docs/product.md#working-offline), without waiting for a second visit.
        clientsClaim: true,
        skipWaiting: true,
        // docs/product.md#working-offline: the last answers of the reads the signed-in screens render from
        // (src/shared/offline/api-reads.ts, which the page also reads: it keeps the answers it got
        // before this worker controlled it, docs/decisions/0032), served only when the network
        // fails (network first). Emptied at sign-in and sign-out (shared/offline/api-cache.ts) so no
        // user is ever shown another's. Writes are never cached.
        runtimeCaching: [
          {
            urlPattern: API_READS,
            method: 'GET',
            handler: 'NetworkFirst',
            options: { cacheName: API_CACHE_NAME, expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 10 },
            // Not the barrel (index.ts) nor a module with a zod schema: a group takes its modules'
            // dependencies with them, and one would bring all of zod. Nor the monthly reports'
            // texts and month schema (reportes/): only the Reportes page reads them (decision 0050).
            // Nor Socios' later texts and signed amounts (socios/, their own group below).
            {
              name: 'shared',
              test: /[\\/]packages[\\/]shared[\\/]src[\\/](?!schemas[\\/]|reportes[\\/]|socios[\\/]|password\.ts|notifications\.ts|index\.ts)/,
              priority: 9.5,
            },
            // Socios' later texts and signed amounts (shared/src/socios/, decision 0059): a file of
            // their own, taken before `validation`, whose closure reaches every module of the
            // shared barrel and would otherwise carry them to /login's form and the dashboard.
            { name: 'socios-shared', test: /[\\/]packages[\\/]shared[\\/]src[\\/]socios[\\/]/, priority: 9.4 },
            closureGroup('validation', ['src/features/auth/components/login-validation.ts'], 9),
            closureGroup('query', ['src/shared/query/QueryProvider.tsx'], 8),
            // The MUI pieces the dashboard and its new-transaction form draw, apart from the other
            // pages': its first screen waited for every page's MUI, 25 KB gzip more
            // (docs/decisions/0028-the-dashboards-own-mui.md).
            muiGroup(
              'mui-dashboard',
              [
                'src/features/dashboard/pages/DashboardPage.tsx',
                'src/features/dashboard/components/OfflineSync.tsx',
                'src/features/dashboard/components/TransactionForm.tsx',
              ],
              7.5,
            ),
            { name: 'mui', test: MUI, priority: 7 },
            closureGroup(
              'forms',
              ['src/features/auth/components/RegisterForm.tsx', 'src/features/auth/components/PendingInviteNotice.tsx'],
              6,
            ),
            closureGroup(
              'dashboard',
              ['src/features/dashboard/pages/DashboardPage.tsx', 'src/features/dashboard/components/OfflineSync.tsx'],
              5,
            ),
          ],
        },
      },
    },
  },
});
