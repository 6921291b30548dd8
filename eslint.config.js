import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Imports flow shared → features → app. shared never imports up; a feature may use another
 * feature only through that feature's public index.ts (e.g. the dashboard shows the rates panel).
 */
const layers = {
  meta: { type: 'problem' },
  create(context) {
    const file = context.filename;
    const m = /apps\/web\/src\/(features\/[^/]+|shared|app)\//.exec(file);
    if (!m) return {};
    const own = m[1];
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), spec);
        const t = /apps\/web\/src\/(features\/[^/]+|shared|app)(\/(index)?)?(\/|$)/.exec(target);
        if (!t) return;
        const dest = t[1];
        const viaIndex = dest.startsWith('features/') && /apps\/web\/src\/features\/[^/]+(\/index)?$/.test(target);
        const bad =
          (own === 'shared' && dest !== 'shared') || (own.startsWith('features/') && dest !== own && dest !== 'shared' && !viaIndex);
        if (bad) context.report({ node, message: `${own} no puede importar de ${dest} (shared → features → app).` });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'artifacts/**', 'coverage/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, arb: { rules: { layers } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'arb/layers': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*', '**/*.test.ts', 'e2e/**/*.ts', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Server layers (docs/architecture.md): routes call services only; services never reach up
    // into plugins or routes (which is how the auth ↔ ledger-access ↔ membership-gate circle began).
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['drizzle-orm'],
          patterns: [
            { group: ['**/db/*', '**/db/**'], message: 'Las rutas llaman a servicios; el acceso a la base de datos vive en services/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/plugins/*', '**/routes/*'], message: 'Un servicio no importa de plugins/ ni de routes/.' }] },
      ],
    },
  },
);
