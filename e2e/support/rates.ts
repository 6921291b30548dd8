import type { RateAnswer } from '@arb/shared';
import type { Session } from './browser.ts';

/**
 * The parallel rate this browser sees, for a journey set in a market other than the fake
 * upstream's 310,50 Bs (apps/server/test/support/fake-rates.ts). The form asks before saving a rate
 * more than twice or less than half of it (docs/product.md#money), so a story told at 40 Bs per
 * dollar needs a market at 40. On the context: once the service worker controls the page, its
 * requests go through the worker, which page.route does not see.
 */
export async function parallelRateAt(s: Session, promedio: number): Promise<void> {
  await s.context.route('**/api/rates/paralelo', (route) => {
    const answer: RateAnswer = {
      promedio,
      fechaActualizacion: null,
      fuente: 'paralelo',
      stale: false,
      obtenidoEn: new Date().toISOString(),
    };
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
}
