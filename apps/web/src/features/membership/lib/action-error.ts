import { ApiError } from '../../../shared/lib/api-client';

/** packages/shared/src/errors.ts: the server's message, else the action's fallback; 'Error de conexión al …' when offline. */
export function actionError(err: unknown, fallback: string, connectionFallback: string): string {
  if (err instanceof ApiError) return err.isNetwork ? connectionFallback : err.message;
  return fallback;
}
