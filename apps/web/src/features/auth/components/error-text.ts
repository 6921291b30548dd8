import { ApiError } from '../../../shared/lib/api-client';

/** The server's Spanish message, or the action's own 'Error de conexión al …' when no answer came (packages/shared/src/errors.ts). */
export function errorText(err: unknown, fallback: string, connectionFallback: string): string {
  if (err instanceof ApiError) return err.isNetwork ? connectionFallback : err.message;
  return fallback;
}
