import { z } from 'zod';
import { fetchJson, UpstreamError } from './fetch-json.ts';
import { roundRate, type RateProvider } from './rate-quote.ts';

/**
 * DolarApi's answer, e.g. `{"moneda":"USD","fuente":"oficial","nombre":"Dólar","compra":null,
 * "venta":null,"promedio":236.4567,"fechaActualizacion":"2026-11-20T00:00:00-04:00"}`.
 * A missing, non-numeric or non-positive `promedio` is a failure, never a 0.
 */
const dolarApiSchema = z.object({
  promedio: z.number().positive().finite(),
  fechaActualizacion: z.string().nullish(),
});

export function dolarApiProvider(opts: { source: string; fuente: string; url: string }): RateProvider {
  return {
    source: opts.source,
    fuente: opts.fuente,
    async fetch(timeoutMs) {
      const parsed = dolarApiSchema.safeParse(await fetchJson(opts.url, timeoutMs));
      if (!parsed.success) throw new UpstreamError(`${opts.url}: unexpected answer (${parsed.error.issues[0]?.message ?? 'shape'})`);
      return {
        promedio: roundRate(parsed.data.promedio),
        fechaActualizacion: parsed.data.fechaActualizacion ?? null,
        fuente: opts.fuente,
      };
    },
  };
}
