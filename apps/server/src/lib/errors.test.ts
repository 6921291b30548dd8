import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ERROR_TABLE } from '@arb/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';

const srcDir = path.resolve(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('AppError takes its status from the error table (packages/shared/src/errors.ts)', () => {
  it('has one row per API error code', () => {
    expect(Object.keys(ERROR_TABLE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    ['NOT_FOUND', 404],
    ['MEMBERSHIP_INACTIVE', 403],
    ['STALE_VERSION', 409],
    ['RATE_LIMITED', 429],
  ] as const)('%s → %i, with the default Spanish text when none is given', (code, status) => {
    const err = new AppError(code);
    expect(err.status).toBe(status);
    expect(err.message).toBe(new AppError(code, undefined).message);
    expect(err.message).not.toBe('');
  });

  it('ignores a status passed in the older form in favour of the table', () => {
    expect(new AppError(500, 'NOT_FOUND', 'x').status).toBe(404);
  });

  it('finds no `new AppError(status, code…)` in the server whose status disagrees with the table', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/new AppError\((\d{3}),\s*'([A-Z_]+)'/g)) {
        const code = m[2] as keyof typeof ERROR_TABLE;
        if (ERROR_TABLE[code]?.status !== Number(m[1])) wrong.push(`${path.relative(srcDir, file)}: ${m[1]} ${m[2]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
