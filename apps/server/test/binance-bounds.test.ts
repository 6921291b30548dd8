import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceLinkStatus, BinanceSyncAnswer } from '@arb/shared';
import { MAX_BODY_BYTES } from '../src/services/binance/binance-client.ts';
import { fakeKey, generateOrders, HISTORY_PATH, startFakeBinance, type FakeBinance } from './support/fake-binance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

const SERVER_ERROR = 'Binance no respondió bien; se reintentará en la próxima sincronización';
const MB = 1024 * 1024;

/**
 * docs/decisions/0058: Binance's answers are hostile until bounded — size (1 MB, by Content-Length
 * or while streaming), time (the call's limit covers the body; a run has its own), rows (never more
 * than asked) and fields (no read field over 1,000 characters). Each case ends as the link's
 * Spanish error, with nothing committed and the cursor where it was.
 */
describe('Binance answers are bounded before they are read', () => {
  let fake: FakeBinance;
  let t: TestApp;
  let ana: TestUser & { key: string };
  let beto: TestUser;
  const SECRET = fakeKey('boundsecret', true);

  beforeAll(async () => {
    fake = await startFakeBinance();
    t = await createTestApp({ BINANCE_API_URL: fake.url }, { binance: { timeoutMs: 800, answerWithinMs: 5000, runLimitMs: 2500 } });
    const user = await createUser(t, { name: 'Ana' });
    ana = { ...user, key: fakeKey('boundanakey') };
    beto = await createUser(t, { name: 'Beto' });
    fake.addKey({ apiKey: ana.key, apiSecret: SECRET, orders: generateOrders(3, { endMs: t.clock.now.getTime(), days: 2 }) });
    const res = await t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: ana.token,
      payload: { apiKey: ana.key, apiSecret: SECRET, ledgerId: ana.ledgerId },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const sync = async () =>
    (await t.request({ method: 'POST', url: '/api/integrations/binance/sync', token: ana.token })).json() as BinanceSyncAnswer;
  const status = async () =>
    (await t.request({ method: 'GET', url: '/api/integrations/binance', token: ana.token })).json() as BinanceLinkStatus & {
      conectado: true;
    };
  const cursor = async () =>
    (await t.database.pool.query<{ c: string | null }>(`select cursor_ms::text as c from binance_links where user_id = $1`, [ana.id]))
      .rows[0]!.c;
  const rowCount = async () =>
    (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from transactions where ledger_id = $1`, [ana.ledgerId]))
      .rows[0]!.n;
  /** Another user's request, timed. */
  const otherRequest = async () => {
    const started = performance.now();
    const res = await t.request({ method: 'GET', url: `/api/ledgers/${beto.ledgerId}/imports`, token: beto.token });
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  };

  it('an endless answer is cut past 1 MB: the link says so in Spanish, memory stays flat, the fake stopped sending', async () => {
    fake.fail(HISTORY_PATH, { stream: { bytes: Infinity } });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const answer = await sync();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(answer).toMatchObject({ creadas: 0, error: SERVER_ERROR });
    expect((await status()).ultima).toMatchObject({ error: SERVER_ERROR });
    expect((await status()).estado).toBe('activa');
    // Read until just past 1 MB, then cancelled: what the fake managed to write is socket buffers
    // on top (the unbounded reader took everything the 800 ms call limit let through: hundreds of MB).
    expect(fake.streamedBytes()).toBeGreaterThan(MAX_BODY_BYTES);
    expect(fake.streamedBytes()).toBeLessThan(16 * MB);
    expect((peak - before) / MB).toBeLessThan(48);
    expect(await cursor()).toBeNull();
    expect(await rowCount()).toBe(0);
  });

  it('a Content-Length over 1 MB is refused before reading the body', async () => {
    // Declared 1 GB, sent slowly: a reader that waited for the body would sit out the 800 ms call limit.
    fake.fail(HISTORY_PATH, { stream: { bytes: Infinity, declaredLength: 1024 * MB, chunkBytes: 16, intervalMs: 50 } });
    const started = performance.now();
    expect((await sync()).error).toBe(SERVER_ERROR);
    expect(performance.now() - started).toBeLessThan(500);
    expect(fake.streamedBytes()).toBeLessThan(64 * 1024);
  });

  it("a trickling answer is cut by the call's time limit, body included; another user is answered fast meanwhile", async () => {
    // ~500 bytes every 50 ms: never near 1 MB, never finished.
    fake.fail(HISTORY_PATH, { stream: { bytes: Infinity, chunkBytes: 16, intervalMs: 50 } });
    const started = performance.now();
    const running = sync();
    await new Promise((r) => setTimeout(r, 200));
    expect(await otherRequest()).toBeLessThan(300);
    expect((await running).error).toBe(SERVER_ERROR);
    // The 800 ms call limit (plus the time and key checks before it), not the 5 s answer wait.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(await rowCount()).toBe(0);
  });

  it('a page with more rows than asked is not trusted: the window fails, nothing is committed', async () => {
    const rows = generateOrders(101, { endMs: t.clock.now.getTime(), days: 1, firstNumber: 24_000_000_000_000_000_000n });
    fake.fail(HISTORY_PATH, { status: 200, body: { code: '000000', data: rows, success: true } });
    expect((await sync()).error).toBe(SERVER_ERROR);
    expect(await cursor()).toBeNull();
    expect(await rowCount()).toBe(0);
  });

  it('a field over 1,000 characters is not trusted either', async () => {
    const [row] = generateOrders(1, { endMs: t.clock.now.getTime(), days: 1, firstNumber: 24_100_000_000_000_000_000n });
    fake.fail(HISTORY_PATH, {
      status: 200,
      body: { code: '000000', data: [{ ...row, counterPartNickName: 'x'.repeat(1001) }], success: true },
    });
    expect((await sync()).error).toBe(SERVER_ERROR);
    expect(await rowCount()).toBe(0);
  });

  it('a run stops calling Binance at its own time limit, each call within bounds', async () => {
    // 180 days = 7 windows × 2 kinds; each page 600 ms (under the call's 800): ~8.4 s unbounded, cut at 2.5 s.
    fake.fail(HISTORY_PATH, { delayMs: 600, times: 14 });
    const started = performance.now();
    expect((await sync()).error).toBe(SERVER_ERROR);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(fake.hits(HISTORY_PATH)).toBeLessThanOrEqual(5);
    // The windows that completed moved the cursor; the rest waits for the next run.
    expect(await rowCount()).toBe(0);
  });

  it('the same link syncs normally once Binance answers well', async () => {
    expect(await sync()).toMatchObject({ creadas: 3, error: null });
    expect(await rowCount()).toBe(3);
  });
});
