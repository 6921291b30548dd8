import { errorStatus, errorText, messages, type ErrorCode, type ErrorStatus, type MessageKey, type Permission } from '@arb/shared';

/**
 * An expected failure: a stable code, the Spanish message the user sees, and the HTTP status the
 * error table in packages/shared/src/errors.ts gives that code (docs/architecture.md "Errors").
 * The error handler turns it into `{error, code, fields?}`; anything else becomes a 500.
 *
 * Write `new AppError('NOT_FOUND', messages.txNotFound)`, or `new AppError('NOT_FOUND')` for the
 * code's default text. There is no status argument: one passed by hand could only disagree with
 * the table (docs/conventions.md "Errors").
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>, headers?: Record<string, string>) {
    super(message ?? errorText(code));
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus(code);
    if (fields) this.fields = fields;
    if (headers) this.headers = headers;
  }
}

/** A refusal of the permission module (packages/shared/src/permissions.ts) as the error to throw. */
export function refusal(permission: Extract<Permission, { allowed: false }>): AppError {
  return new AppError(permission.code, messages[permission.message]);
}

/** Throws the refusal, if any: `assertAllowed(memberPermission(…))`. */
export function assertAllowed(permission: Permission): void {
  if (!permission.allowed) throw refusal(permission);
}

const make = (code: ErrorCode, fallback: MessageKey) => (message?: string, fields?: Record<string, string>) =>
  new AppError(code, message ?? messages[fallback], fields);

export const badRequest = make('VALIDATION_ERROR', 'validationFailed');
export const unauthorized = make('UNAUTHORIZED', 'unauthorized');
export const forbidden = make('FORBIDDEN', 'ownerOnly');
export const notFound = make('NOT_FOUND', 'notFound');
export const conflict = make('CONFLICT', 'validationFailed');

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
