import { messages, type ErrorCode, type MessageKey } from '@arb/shared';

/**
 * An expected failure: carries the HTTP status, a stable code and the Spanish message the user
 * sees. The error handler turns it into `{error, code, fields?}`; anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const make = (status: number, code: ErrorCode, fallback: MessageKey) => (message?: string, fields?: Record<string, string>) =>
  new AppError(status, code, message ?? messages[fallback], fields);

export const badRequest = make(400, 'VALIDATION_ERROR', 'validationFailed');
export const unauthorized = make(401, 'UNAUTHORIZED', 'unauthorized');
export const forbidden = make(403, 'FORBIDDEN', 'ownerOnly');
export const notFound = make(404, 'NOT_FOUND', 'notFound');
export const conflict = make(409, 'CONFLICT', 'validationFailed');

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
