import { messages, type RateAnswer, type RatePanel } from '@arb/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { binanceProvider } from './binance-provider.ts';
import { dolarApiProvider } from './dolarapi-provider.ts';
import { UpstreamError } from './fetch-json.ts';
import type { RateProvider, RateQuote } from './rate-quote.ts';
import { latestSnapshot, saveSnapshot } from './rate-snapshots.ts';

/** docs/product.md#rates-and-export: an upstream gets 5 s to answer. */
export const RATES_FETCH_TIMEOUT_MS = 5_000;
/**
 * After a failure a source is left alone this long (at most the TTL): during an outage of a
 * hanging upstream, every panel load would otherwise wait the whole time-out before falling back.
 */
export const RATES_FAILURE_BACKOFF_MS = 30_000;

export interface RatesLog {
  warn(obj: object, msg: string): void;
}

export interface RatesServiceOptions {
  config: Pick<Config, 'RATES_OFICIAL_URL' | 'RATES_PARALELO_URL' | 'RATES_BINANCE_URL' | 'RATES_TTL_SECONDS'>;
  db: Db;
  now: () => Date;
  log?: RatesLog;
  /** Tests shorten it; production keeps RATES_FETCH_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface RatesService {
  get(panel: RatePanel): Promise<RateAnswer>;
}

interface Fresh {
  quote: RateQuote;
  fetchedAt: Date;
}

/** Which providers answer each panel, in order of preference (docs/product.md#rates-and-export). */
export function providersFor(config: RatesServiceOptions['config']): Record<RatePanel, RateProvider[]> {
  const paralelo = dolarApiProvider({ source: 'paralelo', fuente: 'DolarApi paralelo', url: config.RATES_PARALELO_URL });
  return {
    oficial: [dolarApiProvider({ source: 'oficial', fuente: 'BCV', url: config.RATES_OFICIAL_URL })],
    paralelo: config.RATES_BINANCE_URL ? [binanceProvider(config.RATES_BINANCE_URL), paralelo] : [paralelo],
  };
}

/**
 * The rates of the dashboard panel. Each source is cached RATES_TTL_SECONDS (by the injected
 * clock) and refreshed single-flight: however many requests arrive while a refresh runs, the
 * upstream sees one call. Every value fetched is stored in `rate_snapshots`; when every provider
 * of a panel fails, the newest stored value is answered with `stale: true`, and with nothing
 * stored a 502 lets the panel show its error and 'Reintentar'.
 */
export function createRatesService(opts: RatesServiceOptions): RatesService {
  const chains = providersFor(opts.config);
  const ttlMs = opts.config.RATES_TTL_SECONDS * 1000;
  const timeoutMs = opts.timeoutMs ?? RATES_FETCH_TIMEOUT_MS;
  const cache = new Map<string, Fresh>();
  const inflight = new Map<string, Promise<Fresh>>();
  const backoffMs = Math.min(RATES_FAILURE_BACKOFF_MS, ttlMs);
  const failedAt = new Map<string, number>();

  async function refresh(provider: RateProvider): Promise<Fresh> {
    let quote: RateQuote;
    try {
      quote = await provider.fetch(timeoutMs);
    } catch (err) {
      failedAt.set(provider.source, opts.now().getTime());
      throw err;
    }
    failedAt.delete(provider.source);
    const fresh = { quote, fetchedAt: opts.now() };
    cache.set(provider.source, fresh);
    try {
      await saveSnapshot(opts.db, provider.source, quote, fresh.fetchedAt);
    } catch (err) {
      // The value is good; losing its history row must not cost the user the rate.
      opts.log?.warn({ err, source: provider.source }, 'rate snapshot not stored');
    }
    return fresh;
  }

  function current(provider: RateProvider): Promise<Fresh> {
    const hit = cache.get(provider.source);
    const nowMs = opts.now().getTime();
    if (hit && nowMs - hit.fetchedAt.getTime() < ttlMs) return Promise.resolve(hit);
    const failed = failedAt.get(provider.source);
    if (failed !== undefined && nowMs - failed < backoffMs)
      return Promise.reject(new UpstreamError(`${provider.source}: backing off after a failure`));
    let pending = inflight.get(provider.source);
    if (!pending) {
      pending = refresh(provider).finally(() => inflight.delete(provider.source));
      inflight.set(provider.source, pending);
    }
    return pending;
  }

  return {
    async get(panel) {
      const chain = chains[panel];
      for (const provider of chain) {
        try {
          const { quote, fetchedAt } = await current(provider);
          return { ...quote, stale: false, obtenidoEn: fetchedAt.toISOString() };
        } catch (err) {
          opts.log?.warn({ err, source: provider.source }, 'rate upstream failed');
        }
      }
      const last = await latestSnapshot(
        opts.db,
        chain.map((p) => p.source),
      );
      if (!last) throw new AppError('BAD_GATEWAY', messages.ratesUnavailable);
      const { fetchedAt, ...quote } = last;
      return { ...quote, stale: true, obtenidoEn: fetchedAt.toISOString() };
    },
  };
}
