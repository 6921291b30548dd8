import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Binance's REST API (docs/product.md#binance-sync): tests, the e2e server
 * and the bench reach it through BINANCE_API_URL, so Binance itself is never called. It checks
 * what the real one checks — the key (X-MBX-APIKEY, -2015), the HMAC-SHA256 signature of the exact
 * query (-1022), the timestamp against its own clock and recvWindow (-1021), ≤ 30-day windows and
 * ≤ 100 rows a page — and can be made to skew its clock, answer 429/418 with Retry-After, 5xx, hang,
 * or stream a huge or endless body (generated as it is sent, never stored: docs/decisions/0058).
 */
export interface FakeBinanceOrder {
  orderNumber: string;
  advNo?: string;
  tradeType: 'BUY' | 'SELL';
  asset: string;
  fiat: string;
  fiatSymbol?: string;
  amount: string;
  totalPrice: string;
  unitPrice: string;
  orderStatus: string;
  createTime: number;
  commission: string;
  takerCommission?: string;
  counterPartNickName?: string;
  payMethodName?: string;
  advertisementRole?: string;
}

export interface FakeKey {
  apiKey: string;
  apiSecret: string;
  /** apiRestrictions' answer (read-only with ipRestrict false by default). */
  restrictions?: Record<string, unknown>;
  orders?: FakeBinanceOrder[];
  /** Each history page of this key answers this much later (a slow Binance for one user; e2e journeys set it). */
  historyDelayMs?: number;
}

export interface FakeFailure {
  status?: number;
  body?: unknown;
  retryAfter?: string;
  /** Never answer (the client's time-out decides). */
  hang?: boolean;
  /** Answer normally, this much later (a slow Binance). */
  delayMs?: number;
  /** How many calls fail this way (default 1). */
  times?: number;
  /** Only calls made with this key take this failure (another key's calls go by). */
  apiKey?: string;
  /** Answer 200 with a generated body of this shape instead (see `FakeStream`). */
  stream?: FakeStream;
}

/**
 * A generated 200 answer: `{"data":[` then copies of one order, `chunkBytes` at a time, up to
 * `bytes` (Infinity: until the client goes), honouring backpressure so the fake itself holds
 * almost nothing. `declaredLength` sends that Content-Length (a lie is fine: the client must not
 * read on it); `intervalMs` waits between chunks (a trickle).
 */
export interface FakeStream {
  bytes: number;
  chunkBytes?: number;
  intervalMs?: number;
  declaredLength?: number;
}

export interface FakeBinance {
  url: string;
  addKey(key: FakeKey): void;
  setOrders(apiKey: string, orders: FakeBinanceOrder[]): void;
  setRestrictions(apiKey: string, restrictions: Record<string, unknown>): void;
  /** Rejects the key from now on (-2015), as Binance does after the user deletes it. */
  revoke(apiKey: string): void;
  /** Moves the fake's clock (ms ahead of ours; negative: behind). */
  setSkew(ms: number): void;
  /** The next `times` /api/v3/time answers lie by `ms` (a -1021 follows; the client must re-read and retry). */
  lieAboutTime(ms: number, times?: number): void;
  /** The next calls of this path (or '*' for any signed path) fail this way. */
  fail(path: string, failure: FakeFailure): void;
  hits(path: string): number;
  /** The query strings received on a path, in order (signature included). */
  queries(path: string): URLSearchParams[];
  /** Bytes of generated bodies written so far (every `stream` failure, since the last reset). */
  streamedBytes(): number;
  reset(): void;
  close(): Promise<void>;
}

export const HISTORY_PATH = '/sapi/v1/c2c/orderMatch/listUserOrderHistory';
export const RESTRICTIONS_PATH = '/sapi/v1/account/apiRestrictions';
export const TIME_PATH = '/api/v3/time';
const DAY = 86_400_000;

export const READ_ONLY_RESTRICTIONS = {
  ipRestrict: false,
  createTime: 1_700_000_000_000,
  enableReading: true,
  enableWithdrawals: false,
  enableInternalTransfer: false,
  enableMargin: false,
  enableFutures: false,
  permitsUniversalTransfer: false,
  enableVanillaOptions: false,
  enableFixApiTrade: false,
  enableFixReadOnly: false,
  enableSpotAndMarginTrading: false,
  enablePortfolioMarginTrading: false,
};

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export async function startFakeBinance(): Promise<FakeBinance> {
  const keys = new Map<string, FakeKey & { revoked?: boolean }>();
  const failures = new Map<string, FakeFailure[]>();
  const counts = new Map<string, number>();
  const received = new Map<string, URLSearchParams[]>();
  const hanging = new Set<ServerResponse>();
  let skew = 0;
  let lies: { ms: number; times: number } | undefined;
  let streamed = 0;

  const takeFailure = (path: string, apiKey: string): FakeFailure | undefined => {
    for (const p of [path, '*']) {
      const list = failures.get(p);
      const at = list?.findIndex((f) => f.apiKey === undefined || f.apiKey === apiKey) ?? -1;
      const f = at < 0 ? undefined : list![at];
      if (!f || (p === '*' && path === TIME_PATH)) continue;
      const left = (f.times ?? 1) - 1;
      if (left <= 0) list!.splice(at, 1);
      else f.times = left;
      return f;
    }
    return undefined;
  };

  /** Writes a generated body chunk by chunk, waiting for 'drain' and stopping when the client goes. */
  function streamBody(res: ServerResponse, s: FakeStream): void {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (s.declaredLength !== undefined) headers['content-length'] = String(s.declaredLength);
    res.writeHead(200, headers);
    const one = JSON.stringify(generateOrders(1, { endMs: Date.now(), days: 1 })[0]) + ',';
    const chunk = Buffer.from(one.repeat(Math.max(1, Math.ceil((s.chunkBytes ?? 64 * 1024) / one.length))));
    let closed = false;
    let sent = 0;
    hanging.add(res);
    res.on('close', () => {
      closed = true;
      hanging.delete(res);
    });
    const pump = (): void => {
      while (!closed && sent < s.bytes) {
        sent += chunk.length;
        streamed += chunk.length;
        const more = res.write(chunk);
        if (s.intervalMs) {
          setTimeout(pump, s.intervalMs);
          return;
        }
        if (!more) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) res.end('{}]}');
    };
    res.write('{"code":"000000","message":"success","success":true,"data":[');
    pump();
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const failure = takeFailure(path, String(req.headers['x-mbx-apikey'] ?? ''));
    if (failure?.stream) {
      streamBody(res, failure.stream);
      return;
    }
    if (failure?.delayMs !== undefined && failure.status === undefined) {
      setTimeout(() => answer(req, res, url, undefined), failure.delayMs);
      return;
    }
    answer(req, res, url, failure);
  }

  function answer(req: IncomingMessage, res: ServerResponse, url: URL, failure: FakeFailure | undefined): void {
    const path = url.pathname;
    if (failure?.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (failure) {
      json(
        res,
        failure.status ?? 500,
        failure.body ?? { code: -1000, msg: 'An unknown error occurred while processing the request.' },
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
      return;
    }
    if (path === TIME_PATH) {
      let serverTime = Date.now() + skew;
      if (lies && lies.times > 0) {
        serverTime += lies.ms;
        lies.times--;
      }
      json(res, 200, { serverTime });
      return;
    }
    if (path !== RESTRICTIONS_PATH && path !== HISTORY_PATH) {
      json(res, 404, { code: -1, msg: 'not found' });
      return;
    }
    // Signed endpoints: the key, the signature of the exact query before `&signature=`, the time.
    const raw = url.search.slice(1);
    const at = raw.lastIndexOf('&signature=');
    const params = new URLSearchParams(raw);
    (received.get(path) ?? received.set(path, []).get(path)!).push(params);
    const key = keys.get(String(req.headers['x-mbx-apikey'] ?? ''));
    if (!key || key.revoked) return json(res, 401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
    const expected = createHmac('sha256', key.apiSecret)
      .update(at < 0 ? raw : raw.slice(0, at))
      .digest('hex');
    const got = at < 0 ? '' : raw.slice(at + '&signature='.length);
    if (got.length !== expected.length || !timingSafeEqual(Buffer.from(got), Buffer.from(expected)))
      return json(res, 400, { code: -1022, msg: 'Signature for this request is not valid.' });
    const timestamp = Number(params.get('timestamp'));
    const recvWindow = Number(params.get('recvWindow') ?? 5000);
    const now = Date.now() + skew;
    if (!(timestamp < now + 1000 && now - timestamp <= recvWindow))
      return json(res, 400, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' });
    if (path === RESTRICTIONS_PATH) return json(res, 200, key.restrictions ?? READ_ONLY_RESTRICTIONS);

    const start = Number(params.get('startTimestamp'));
    const end = Number(params.get('endTimestamp'));
    const page = Number(params.get('page') ?? 1);
    const rows = Number(params.get('rows') ?? 100);
    if (!(end >= start) || end - start > 30 * DAY) return json(res, 400, { code: -1102, msg: 'Time interval must be within 0-30 days' });
    if (!(rows >= 1 && rows <= 100) || !(page >= 1)) return json(res, 400, { code: -1102, msg: 'rows must be 1-100' });
    const type = params.get('tradeType');
    const all = (key.orders ?? [])
      .filter((o) => o.tradeType === type && o.createTime >= start && o.createTime <= end)
      .sort((a, b) => b.createTime - a.createTime);
    const data = all.slice((page - 1) * rows, page * rows);
    const send = () => json(res, 200, { code: '000000', message: 'success', data, total: all.length, success: true });
    if (key.historyDelayMs) setTimeout(send, key.historyDelayMs);
    else send();
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    addKey(k) {
      keys.set(k.apiKey, { ...k });
    },
    setOrders(apiKey, orders) {
      keys.get(apiKey)!.orders = orders;
    },
    setRestrictions(apiKey, restrictions) {
      keys.get(apiKey)!.restrictions = restrictions;
    },
    revoke(apiKey) {
      keys.get(apiKey)!.revoked = true;
    },
    setSkew(ms) {
      skew = ms;
    },
    lieAboutTime(ms, times = 1) {
      lies = { ms, times };
    },
    fail(path, f) {
      (failures.get(path) ?? failures.set(path, []).get(path)!).push({ ...f });
    },
    hits: (path) => counts.get(path) ?? 0,
    queries: (path) => received.get(path) ?? [],
    streamedBytes: () => streamed,
    reset() {
      failures.clear();
      counts.clear();
      received.clear();
      streamed = 0;
      skew = 0;
      lies = undefined;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test key (64 letters and digits, as Binance issues). */
export const fakeKey = (seed: string, secret = false): string =>
  (seed.replace(/[^A-Za-z0-9]/g, '') + (secret ? 'S' : 'K').repeat(64)).slice(0, 64);

/**
 * `n` completed USDT/VES orders spread evenly over `days` days up to `endMs`, alternating SELL and
 * BUY, 20-digit order numbers from `firstNumber`: a Binance history to sync (tests, e2e, bench).
 */
export function generateOrders(
  n: number,
  o: { endMs: number; days: number; firstNumber?: bigint; payMethodName?: string },
): FakeBinanceOrder[] {
  const first = o.firstNumber ?? 22_800_000_000_000_000_000n;
  const span = o.days * DAY - 60_000;
  const out: FakeBinanceOrder[] = [];
  for (let i = 0; i < n; i++) {
    const sell = i % 2 === 0;
    const amount = (50 + (i % 40) * 2.5).toFixed(2);
    const unitPrice = (sell ? 312.5 : 309.75).toFixed(2);
    out.push({
      orderNumber: String(first + BigInt(i)),
      advNo: String(11_000_000_000_000_000_000n + BigInt(i)),
      tradeType: sell ? 'SELL' : 'BUY',
      asset: 'USDT',
      fiat: 'VES',
      fiatSymbol: 'Bs',
      amount: `${amount}000000`,
      totalPrice: (Number(amount) * Number(unitPrice)).toFixed(2),
      unitPrice: `${unitPrice}000000`,
      orderStatus: 'COMPLETED',
      createTime: o.endMs - span + Math.floor((i * span) / Math.max(1, n)),
      commission: sell ? '0.05000000' : '0',
      counterPartNickName: `Contraparte${i % 17}`,
      payMethodName: o.payMethodName ?? 'PagoMovil',
      advertisementRole: 'TAKER',
    });
  }
  return out;
}
