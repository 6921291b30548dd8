import { untrustedPage } from './map-order.ts';
import { signedQuery } from './sign.ts';

/**
 * A small client of Binance's signed REST API (DESIGN §23, §28; docs/decisions/0046, 0058): every
 * call times out (10 s, the body's reading included), no answer is read past 1 MB, a 418/429
 * pauses every instance through `IpPause`, the timestamp is corrected by the offset read from `/api/v3/time`
 * (read at the start, and again after a -1021, which is retried once), and each failure
 * becomes one `BinanceError` kind the sync acts on. Error bodies are kept truncated to 200
 * characters and never with the request (its query carries the signature).
 */
export type BinanceErrorKind =
  /** The key, secret or allowed IPs are wrong (-2015, -2014, -1022, HTTP 401). */
  | 'rejected'
  /** 429 or 418: wait `retryAfterMs` before calling again (418: every link). */
  | 'wait'
  /** 5xx, a time-out, a refused connection, an answer we cannot read: retried at the next run. */
  | 'unavailable';

export class BinanceError extends Error {
  constructor(
    readonly kind: BinanceErrorKind,
    readonly detail: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
    readonly banned?: boolean,
  ) {
    super(`binance ${kind}${status ? ` ${status}` : ''}: ${detail}`);
    this.name = 'BinanceError';
  }
}

/**
 * The pause Binance put on this server's IP, kept where every instance sees it (docs/decisions/0058):
 * read before every call, told at once of a 418 or 429.
 */
export interface IpPause {
  /** How long Binance still wants no call from this IP (ms; 0 when no pause is on). */
  remainingMs(): Promise<number>;
  /** Binance answered 418 (`banned`) or 429 with this Retry-After. */
  hold(retryAfterMs: number, banned: boolean): Promise<void>;
}

export interface BinanceClientOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Per call, the answer's body included; 10 s in production (DESIGN §28). */
  timeoutMs: number;
  /** Epoch ms after which no call starts and a call in flight is cut (a run's own time limit). */
  deadline?: number;
  /** The shared 418/429 pause; without one, nothing is shared (tests of the client alone). */
  pause?: IpPause;
  /** The local clock the offset corrects (real time: Binance compares with its own). */
  clock?: () => number;
}

const REJECTED_CODES = new Set([-2015, -2014, -1022]);
const CLOCK_SKEW = -1021;
const RECV_WINDOW = 10_000;
/**
 * The largest answer read (docs/product.md#binance-sync): a page of 100 orders is ~60 KB of JSON,
 * so 1 MB is 16 pages' worth. A larger Content-Length is refused before reading; a body without
 * one is read as a stream and cut (the stream and the request cancelled) as soon as it passes this.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const truncate = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** Retry-After in seconds (Binance's form) or an HTTP date; missing: a minute. */
function retryAfterMs(header: string | null, nowMs: number): number {
  if (header) {
    const secs = Number(header);
    if (Number.isFinite(secs) && secs >= 0) return Math.ceil(secs * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  }
  return 60_000;
}

/**
 * The body as text, never more than `max` bytes (decompressed bytes: a gzip bomb counts as what it
 * inflates to). A declared Content-Length over `max` is refused before a byte is read; otherwise
 * the stream is read chunk by chunk and cancelled, with its request, once the count passes `max`.
 */
async function readBounded(res: Response, max: number, abort: () => void): Promise<string> {
  const declared = res.headers.get('content-length');
  if (declared !== null && Number(declared) > max) {
    abort();
    await res.body?.cancel().catch(() => undefined);
    throw new BinanceError('unavailable', 'answer too large', res.status);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      abort();
      await reader.cancel().catch(() => undefined);
      throw new BinanceError('unavailable', 'answer too large', res.status);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export interface BinanceClient {
  /** GET /sapi/v1/account/apiRestrictions (signed): the key's permissions and `ipRestrict`. */
  apiRestrictions(): Promise<Record<string, unknown>>;
  /** One page of GET /sapi/v1/c2c/orderMatch/listUserOrderHistory (signed); never more rows than asked. */
  orderHistory(q: {
    tradeType: 'BUY' | 'SELL';
    startTimestamp: number;
    endTimestamp: number;
    page: number;
    rows: number;
  }): Promise<unknown[]>;
}

export function createBinanceClient(o: BinanceClientOptions): BinanceClient {
  const clock = o.clock ?? Date.now;
  const base = o.baseUrl.replace(/\/$/, '');
  let offset: number | undefined;

  async function call(
    path: string,
    query: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: unknown; text: string }> {
    // Every instance honours a pause any of them was given: Binance is not called before it ends.
    const paused = (await o.pause?.remainingMs()) ?? 0;
    if (paused > 0) throw new BinanceError('wait', 'paused', undefined, paused);
    const left = o.deadline === undefined ? o.timeoutMs : Math.min(o.timeoutMs, o.deadline - Date.now());
    if (left <= 0) throw new BinanceError('unavailable', 'run time limit');
    // One timer for the whole call, body included: a trickling answer is cut like a silent one.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, left);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}${query ? `?${query}` : ''}`, { headers, signal: controller.signal, redirect: 'error' });
      text = await readBounded(res, MAX_BODY_BYTES, () => controller.abort());
    } catch (err) {
      if (err instanceof BinanceError) throw err;
      throw new BinanceError('unavailable', timedOut ? 'time-out' : 'unreachable');
    } finally {
      clearTimeout(timer);
    }
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status === 418 || res.status === 429) {
      const wait = retryAfterMs(res.headers.get('retry-after'), clock());
      await o.pause?.hold(wait, res.status === 418);
      throw new BinanceError('wait', truncate(text), res.status, wait, res.status === 418);
    }
    return { status: res.status, body, text };
  }

  /** The offset of Binance's clock from ours, from GET /api/v3/time (half the round trip added). */
  async function readOffset(): Promise<number> {
    const sent = clock();
    const { status, body, text } = await call('/api/v3/time', '', {});
    const serverTime = (body as { serverTime?: unknown } | undefined)?.serverTime;
    if (status !== 200 || typeof serverTime !== 'number') throw new BinanceError('unavailable', truncate(text), status);
    const received = clock();
    offset = serverTime - Math.round((sent + received) / 2);
    return offset;
  }

  async function signed(path: string, params: Array<[string, string | number]>, retried = false): Promise<unknown> {
    const off = offset ?? (await readOffset());
    const query = signedQuery([...params, ['recvWindow', RECV_WINDOW], ['timestamp', clock() + off]], o.apiSecret);
    const { status, body, text } = await call(path, query, { 'X-MBX-APIKEY': o.apiKey });
    const code = (body as { code?: unknown } | undefined)?.code;
    if (code === CLOCK_SKEW && !retried) {
      await readOffset();
      return signed(path, params, true);
    }
    if (status === 401 || (typeof code === 'number' && REJECTED_CODES.has(code)))
      throw new BinanceError('rejected', truncate(text), status);
    if (status !== 200) throw new BinanceError('unavailable', truncate(text), status);
    return body;
  }

  return {
    async apiRestrictions() {
      const body = await signed('/sapi/v1/account/apiRestrictions', []);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BinanceError('unavailable', 'unreadable restrictions');
      return body as Record<string, unknown>;
    },
    async orderHistory(q) {
      const body = (await signed('/sapi/v1/c2c/orderMatch/listUserOrderHistory', [
        ['tradeType', q.tradeType],
        ['startTimestamp', q.startTimestamp],
        ['endTimestamp', q.endTimestamp],
        ['page', q.page],
        ['rows', q.rows],
      ])) as { data?: unknown; success?: unknown } | undefined;
      if (!body || !Array.isArray(body.data) || body.success === false) throw new BinanceError('unavailable', 'unreadable order history');
      // More rows than asked, or a field no order has, is an answer not to trust (docs/decisions/0058).
      const untrusted = untrustedPage(body.data, q.rows);
      if (untrusted) throw new BinanceError('unavailable', untrusted);
      return body.data as unknown[];
    },
  };
}
