import { periodoCerradoTexto } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';

/**
 * The lock's refusal (migration 0022: SQLSTATE AR409, detail "desde|hasta") as the API's 409
 * PERIODO_CERRADO naming the period (docs/product.md#socios-y-liquidacion). The error handler asks
 * this of every unexpected error, so every write path (transactions, movements, bases, resets,
 * restores, cuadres, imports' undo) answers the same way without its own check.
 */
export function periodoCerradoError(err: unknown): AppError | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; detail?: unknown };
    if (x.code === 'AR409' && typeof x.detail === 'string') {
      const [desde = '', hasta = ''] = x.detail.split('|');
      return new AppError('PERIODO_CERRADO', periodoCerradoTexto(desde, hasta));
    }
  }
  return undefined;
}
