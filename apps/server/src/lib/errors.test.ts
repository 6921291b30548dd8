import { ERROR_CODES, ERROR_TABLE, type ErrorCode } from '@arb/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from './errors.ts';

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

  it('takes the code first and no status: the older `new AppError(404, code, …)` form is gone', () => {
    // Checked by the type checker (`tsc -p apps/server`): a status argument could only disagree with the table.
    expectTypeOf(AppError).constructorParameters.toEqualTypeOf<
      [code: ErrorCode, message?: string, fields?: Record<string, string>, headers?: Record<string, string>]
    >();
    // @ts-expect-error -- a number is no error code.
    const older = () => new AppError(404, 'NOT_FOUND', 'x');
    expectTypeOf(older).returns.toEqualTypeOf<AppError>();
  });
});
