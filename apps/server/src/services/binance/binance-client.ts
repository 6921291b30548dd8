import { signedQuery } from './sign.ts';

/**
 * A small client of Binance's signed REST API (DESIGN §23, §28; docs/decisions/0046): every
 * call times out (10 s), the timestamp is corrected by the offset read from `/api/v3/time`
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

export interface BinanceClientOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Per call; 10 s in production (DESIGN §28). */
  timeoutMs: number;
  /** The local clock the offset corrects (real time: Binance compares with its own). */
  clock?: () => number;
}

const REJECTED_CODES = new Set([-2015, -2014, -1022]);
const CLOCK_SKEW = -1021;
const RECV_WINDOW = 10_000;
/** Answers we read are small JSON documents; a bigger body is refused rather than buffered forever. */
const MAX_BODY = 2 * 1024 * 1024;

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

export interface BinanceClient {
  /** GET /sapi/v1/account/apiRestrictions (signed): the key's permissions and `ipRestrict`. */
  apiRestrictions(): Promise<Record<string, unknown>>;
  /** One page of GET /sapi/v1/c2c/orderMatch/listUserOrderHistory (signed). */
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
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
        headers,
        signal: AbortSignal.timeout(o.timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string }).name;
      throw new BinanceError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? 'time-out' : 'unreachable');
    }
    if (text.length > MAX_BODY) throw new BinanceError('unavailable', 'answer too large', res.status);
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status === 418 || res.status === 429)
      throw new BinanceError('wait', truncate(text), res.status, retryAfterMs(res.headers.get('retry-after'), clock()), res.status === 418);
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
      return body.data as unknown[];
    },
  };
}
