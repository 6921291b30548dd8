import { z } from 'zod';
import { fetchJson, UpstreamError } from './fetch-json.ts';
import { roundRate, type RateProvider } from './rate-quote.ts';

/**
 * A CriptoYa-style Binance P2P quote: `{ask, bid, time}` (plus other fields we ignore), `time`
 * in epoch seconds. The parallel rate is the mid of ask and bid (docs/product.md#rates-and-export).
 */
const binanceSchema = z.object({
  ask: z.number().positive().finite(),
  bid: z.number().positive().finite(),
  time: z.number().int().positive().nullish(),
});

export const BINANCE_SOURCE = 'binance';
export const BINANCE_FUENTE = 'Binance P2P';

export function binanceProvider(url: string): RateProvider {
  return {
    source: BINANCE_SOURCE,
    fuente: BINANCE_FUENTE,
    async fetch(timeoutMs) {
      const parsed = binanceSchema.safeParse(await fetchJson(url, timeoutMs));
      if (!parsed.success) throw new UpstreamError(`${url}: unexpected answer (${parsed.error.issues[0]?.message ?? 'shape'})`);
      const { ask, bid, time } = parsed.data;
      return {
        promedio: roundRate((ask + bid) / 2),
        fechaActualizacion: time ? new Date(time * 1000).toISOString() : null,
        fuente: BINANCE_FUENTE,
      };
    },
  };
}
