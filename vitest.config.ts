import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, no I/O), `api` (the server built in-process against a real
 * database; run once on the embedded PostgreSQL and again on TEST_DATABASE_URL), and `e2e`
 * (Chromium driving the built app served by the real server). `scripts/test.mjs` runs them in order.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./scripts/vitest-no-console-error.ts'],
          // Vitest's default is one worker fewer than the cores: one on CI's two (docs/architecture.md#tests).
          maxWorkers: 2,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['../../scripts/vitest-no-console-error.ts'],
          maxWorkers: 2,
          // Typing with userEvent into a jsdom page takes seconds on a busy two-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/test/global-setup.ts'],
          setupFiles: ['./scripts/vitest-no-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
