/** One value read from an upstream, already validated. */
export interface RateQuote {
  promedio: number;
  /** The upstream's own update instant as it sent it (ISO text), or null when it gave none. */
  fechaActualizacion: string | null;
  /** Which provider answered, shown to the user ('BCV', 'DolarApi paralelo', 'Binance P2P'). */
  fuente: string;
}

/** One upstream source. `source` is its stable key in the cache and in `rate_snapshots`. */
export interface RateProvider {
  source: string;
  fuente: string;
  fetch(timeoutMs: number): Promise<RateQuote>;
}

/** Rates have 4 decimals everywhere in the app (tasa columns are numeric(17,4)). */
export const roundRate = (v: number): number => Number(v.toFixed(4));
