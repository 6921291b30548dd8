import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceSyncAnswer } from '@arb/shared';
import {
  fakeKey,
  generateOrders,
  HISTORY_PATH,
  RESTRICTIONS_PATH,
  startFakeBinance,
  TIME_PATH,
  type FakeBinance,
} from './support/fake-binance.ts';
import { dbIpPause } from '../src/services/binance/ip-pause.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

const WAIT = /^Binance pidió esperar: se reintentará a partir de las \d\d:\d\d$/;

/**
 * docs/decisions/0058: Binance's 418 (an IP ban) and 429 concern the server's IP, which several
 * instances share; the pause is kept in the database, so every instance honours it — before a
 * manual run, in a periodic round, when a key is linked, and between the calls of a run under way.
 */
describe('Binance 418/429 pause, shared by every instance', () => {
  let fake: FakeBinance;
  let a: TestApp;
  let b: TestApp;
  const SECRET = fakeKey('pausesecret', true);
  let ana: TestUser & { key: string };
  let carla: TestUser & { key: string };

  /** A user linked through instance `app`. */
  async function linked(app: TestApp, name: string): Promise<TestUser & { key: string }> {
    const user = await createUser(app, { name });
    const key = fakeKey(`${name}pausekey`);
    fake.addKey({ apiKey: key, apiSecret: SECRET, orders: generateOrders(2, { endMs: app.clock.now.getTime(), days: 1 }) });
    const res = await app.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: user.token,
      payload: { apiKey: key, apiSecret: SECRET, ledgerId: user.ledgerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, key };
  }
  const sync = async (app: TestApp, user: TestUser) =>
    (await app.request({ method: 'POST', url: '/api/integrations/binance/sync', token: user.token })).json() as BinanceSyncAnswer;
  const calls = () => fake.hits(TIME_PATH) + fake.hits(RESTRICTIONS_PATH) + fake.hits(HISTORY_PATH);

  beforeAll(async () => {
    fake = await startFakeBinance();
    const binance = { timeoutMs: 800, answerWithinMs: 8000 };
    a = await createTestApp({ BINANCE_API_URL: fake.url }, { binance });
    // A second instance on the same database (and secret): another process behind the same IP.
    b = await createTestApp({ BINANCE_API_URL: fake.url, JWT_SECRET: a.ctx.config.JWT_SECRET }, { database: a.database, binance });
    ana = await linked(a, 'Ana');
    carla = await linked(b, 'Carla');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    // Each case starts with no pause and no link waiting.
    await a.database.pool.query(`delete from binance_ip_pause`);
    await a.database.pool.query(`update binance_links set espera_hasta = null, cursor_ms = null`);
  });

  it("a 418 on one instance stops the other's manual runs, periodic rounds and key checks until Retry-After", async () => {
    fake.fail(HISTORY_PATH, { status: 418, retryAfter: '300', apiKey: ana.key });
    expect((await sync(a, ana)).error).toMatch(WAIT);
    const before = calls();
    // Instance B never got a 418 itself.
    expect((await sync(b, carla)).error).toMatch(WAIT);
    expect(await b.ctx.binance.runRound()).toBe(0);
    expect(await a.ctx.binance.runRound()).toBe(0);
    const dora = await createUser(b, { name: 'Dora' });
    const doraKey = fakeKey('dorapausekey');
    fake.addKey({ apiKey: doraKey, apiSecret: SECRET });
    const link = await b.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: dora.token,
      payload: { apiKey: doraKey, apiSecret: SECRET, ledgerId: dora.ledgerId },
    });
    expect(link.statusCode).toBe(502);
    expect(link.json()).toMatchObject({ code: 'BINANCE_UNAVAILABLE' });
    expect(calls()).toBe(before);
    const stored = await a.database.pool.query<{ status: number; secs: number }>(
      `select status, round(extract(epoch from hasta - now()))::int as secs from binance_ip_pause`,
    );
    expect(stored.rows[0]).toMatchObject({ status: 418 });
    expect(stored.rows[0]!.secs).toBeGreaterThan(290);
    // Once the ban is over, B's run calls Binance again.
    await a.database.pool.query(`update binance_ip_pause set hasta = now() - interval '1 second'`);
    await a.database.pool.query(`update binance_links set espera_hasta = null`);
    expect(await sync(b, carla)).toMatchObject({ creadas: 2, error: null });
  });

  it('a 429 on one instance stops a run under way on the other at its next call', async () => {
    // Ana's run on A: 7 windows × 2 kinds, 300 ms a page (under the 800 ms call limit) — ~4 s if nothing stops it.
    fake.fail(HISTORY_PATH, { delayMs: 300, times: 14, apiKey: ana.key });
    const started = performance.now();
    const running = sync(a, ana);
    await new Promise((r) => setTimeout(r, 700));
    // Carla's run on B is told 429 on its first page.
    fake.fail(HISTORY_PATH, { status: 429, retryAfter: '120', apiKey: carla.key });
    expect((await sync(b, carla)).error).toMatch(WAIT);
    const answer = await running;
    expect(answer.error).toMatch(WAIT);
    expect(performance.now() - started).toBeLessThan(2500);
    expect((await a.database.pool.query(`select status from binance_ip_pause`)).rows[0]).toMatchObject({ status: 429 });
  });

  it('the pause only ever moves later: a short 429 does not shorten a ban another instance was given', async () => {
    await dbIpPause(a.ctx.db).hold(300_000, true);
    await dbIpPause(b.ctx.db).hold(10_000, false);
    expect(await dbIpPause(b.ctx.db).remainingMs()).toBeGreaterThan(290_000);
    expect((await a.database.pool.query(`select status from binance_ip_pause`)).rows[0]).toMatchObject({ status: 418 });
    await a.database.pool.query(`update binance_ip_pause set hasta = now() - interval '1 second'`);
    expect(await dbIpPause(a.ctx.db).remainingMs()).toBe(0);
    // After it lapsed, a new 429 starts a new pause.
    await dbIpPause(b.ctx.db).hold(10_000, false);
    expect(await dbIpPause(a.ctx.db).remainingMs()).toBeGreaterThan(9_000);
  });
});
