import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@arb/shared';
import { rateSnapshots } from '../src/db/schema.ts';
import { RATES_FAILURE_BACKOFF_MS } from '../src/services/rates/rates-service.ts';
import { binanceBody, dolarApiBody, startFakeRates, type FakeRates } from './support/fake-rates.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

const OFICIAL = '/v1/dolares/oficial';
const PARALELO = '/v1/dolares/paralelo';
const BINANCE = '/v1/binancep2p/usdt/ves/1';
const TTL_SECONDS = 300;
const TIMEOUT_MS = 300;

let fake: FakeRates;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeRates();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await fake.close();
});

/** A fresh app (empty cache, empty rate_snapshots) whose upstreams are the local fake. */
async function ratesApp(opts: { binance?: boolean } = {}): Promise<{ t: TestApp; user: TestUser }> {
  const t = await createTestApp(
    {
      RATES_OFICIAL_URL: fake.url + OFICIAL,
      RATES_PARALELO_URL: fake.url + PARALELO,
      RATES_TTL_SECONDS: String(TTL_SECONDS),
      ...(opts.binance ? { RATES_BINANCE_URL: fake.url + BINANCE } : {}),
    },
    { ratesTimeoutMs: TIMEOUT_MS },
  );
  apps.push(t);
  return { t, user: await createUser(t) };
}

const get = (t: TestApp, user: TestUser, panel: 'oficial' | 'paralelo') =>
  t.request({ method: 'GET', url: `/api/rates/${panel}`, token: user.token });

const snapshots = (t: TestApp, source: string) => t.ctx.db.select().from(rateSnapshots).where(eq(rateSnapshots.source, source));

/** Each test starts with the fake's defaults (DolarApi answers for both, no Binance route). */
afterEach(() => {
  fake.set(OFICIAL, { body: dolarApiBody('oficial', 236.4567) });
  fake.set(PARALELO, { body: dolarApiBody('paralelo', 310.5) });
  fake.set(BINANCE, { status: 404, body: {} });
});

describe('GET /api/rates (DolarApi)', () => {
  it('answers the fresh official value and stores it', async () => {
    const { t, user } = await ratesApp();
    const res = await get(t, user, 'oficial');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      promedio: 236.4567,
      fechaActualizacion: '2026-11-20T00:00:00-04:00',
      fuente: 'BCV',
      stale: false,
      obtenidoEn: t.clock.now.toISOString(),
    });
    const rows = await snapshots(t, 'oficial');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fuente: 'BCV', promedio: '236.4567', fetchedAt: t.clock.now });
    expect(rows[0]!.fechaActualizacion?.toISOString()).toBe('2026-11-20T04:00:00.000Z');

    const paralelo = await get(t, user, 'paralelo');
    expect(paralelo.json()).toMatchObject({ promedio: 310.5, fuente: 'DolarApi paralelo', stale: false });
  });

  it('needs a signed-in user', async () => {
    const { t } = await ratesApp();
    const res = await t.request({ method: 'GET', url: '/api/rates/oficial' });
    expect(res.statusCode).toBe(401);
  });

  it('many concurrent requests during a refresh share one upstream call, then the cache answers', async () => {
    const { t, user } = await ratesApp();
    fake.set(OFICIAL, { body: dolarApiBody('oficial', 240.1), delayMs: 100 });
    const before = fake.hits(OFICIAL);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(t, user, 'oficial')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => (r.json() as { promedio: number }).promedio))).toEqual(new Set([240.1]));
    expect(fake.hits(OFICIAL) - before).toBe(1);

    t.clock.advance((TTL_SECONDS - 1) * 1000);
    fake.set(OFICIAL, { body: dolarApiBody('oficial', 999) });
    expect((await get(t, user, 'oficial')).json()).toMatchObject({ promedio: 240.1, stale: false });
    expect(fake.hits(OFICIAL) - before).toBe(1);
    expect(await snapshots(t, 'oficial')).toHaveLength(1);
  });

  it('fetches again once RATES_TTL_SECONDS have passed on the injected clock', async () => {
    const { t, user } = await ratesApp();
    const before = fake.hits(OFICIAL);
    await get(t, user, 'oficial');
    fake.set(OFICIAL, { body: dolarApiBody('oficial', 250.25, '2026-11-21T00:00:00-04:00') });
    t.clock.advance(TTL_SECONDS * 1000);
    const res = await get(t, user, 'oficial');
    expect(res.json()).toMatchObject({ promedio: 250.25, fechaActualizacion: '2026-11-21T00:00:00-04:00', stale: false });
    expect(fake.hits(OFICIAL) - before).toBe(2);
    const rows = await snapshots(t, 'oficial');
    expect(rows.map((r) => r.promedio).sort()).toEqual(['236.4567', '250.25']);
  });

  it('an upstream 500 answers the last stored value, marked stale with its age', async () => {
    const { t, user } = await ratesApp();
    const firstFetch = t.clock.now.toISOString();
    await get(t, user, 'oficial');
    t.clock.advance((TTL_SECONDS + 60) * 1000);
    fake.set(OFICIAL, { status: 500, body: { error: 'boom' } });
    const res = await get(t, user, 'oficial');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      promedio: 236.4567,
      fechaActualizacion: '2026-11-20T04:00:00.000Z',
      fuente: 'BCV',
      stale: true,
      obtenidoEn: firstFetch,
    });
    // For a while after a failure the upstream is left alone (no request waits on a dead host)…
    const hits = fake.hits(OFICIAL);
    fake.set(OFICIAL, { body: dolarApiBody('oficial', 241) });
    t.clock.advance(RATES_FAILURE_BACKOFF_MS - 1000);
    expect((await get(t, user, 'oficial')).json()).toMatchObject({ promedio: 236.4567, stale: true });
    expect(fake.hits(OFICIAL)).toBe(hits);
    // …then it is asked again, and a recovered upstream gives a fresh value.
    t.clock.advance(1000);
    expect((await get(t, user, 'oficial')).json()).toMatchObject({ promedio: 241, stale: false });
    expect(fake.hits(OFICIAL)).toBe(hits + 1);
  });

  it('an upstream that does not answer in time gives the stored value, stale, without waiting longer', async () => {
    const { t, user } = await ratesApp();
    await get(t, user, 'paralelo');
    t.clock.advance((TTL_SECONDS + 1) * 1000);
    fake.set(PARALELO, { hang: true });
    const started = Date.now();
    const res = await get(t, user, 'paralelo');
    const waited = Date.now() - started;
    expect(res.json()).toMatchObject({ promedio: 310.5, fuente: 'DolarApi paralelo', stale: true });
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(waited).toBeLessThan(3_000);
  });

  it('with nothing stored, a failing upstream is a 502 with the Spanish error', async () => {
    const { t, user } = await ratesApp();
    fake.set(OFICIAL, { status: 503, body: 'Service Unavailable' });
    const res = await get(t, user, 'oficial');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: messages.ratesUnavailable, code: 'BAD_GATEWAY' });
    expect(await snapshots(t, 'oficial')).toHaveLength(0);
  });

  describe('malformed answers are failures, never a 0', () => {
    let t: TestApp;
    let user: TestUser;
    beforeAll(async () => {
      ({ t, user } = await ratesApp());
    });

    it.each([
      ['promedio missing', { moneda: 'USD', fuente: 'oficial', fechaActualizacion: '2026-11-20T00:00:00-04:00' }],
      ['promedio null', dolarApiBody('oficial', null)],
      ['promedio as text', { ...dolarApiBody('oficial', 1), promedio: '236,45' }],
      ['promedio 0', dolarApiBody('oficial', 0)],
      ['promedio negative', dolarApiBody('oficial', -5)],
      ['not JSON', '<html>mantenimiento</html>'],
      ['a JSON array', '[]'],
      ['an empty body', ''],
    ])('%s → 502 and nothing stored', async (_label, body) => {
      t.clock.advance(RATES_FAILURE_BACKOFF_MS); // past the previous case's back-off
      fake.set(OFICIAL, { body });
      const hits = fake.hits(OFICIAL);
      const res = await get(t, user, 'oficial');
      expect(fake.hits(OFICIAL)).toBe(hits + 1);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'BAD_GATEWAY' });
      expect(await snapshots(t, 'oficial')).toHaveLength(0);
    });

    it('a malformed answer after a good one keeps the good one, stale', async () => {
      t.clock.advance(RATES_FAILURE_BACKOFF_MS);
      fake.set(OFICIAL, { body: dolarApiBody('oficial', 236.4567) });
      expect((await get(t, user, 'oficial')).json()).toMatchObject({ stale: false });
      t.clock.advance((TTL_SECONDS + 1) * 1000);
      fake.set(OFICIAL, { body: dolarApiBody('oficial', null) });
      expect((await get(t, user, 'oficial')).json()).toMatchObject({ promedio: 236.4567, stale: true });
    });

    it('a date the upstream garbles is passed on as sent (the panel says "Fecha inválida")', async () => {
      fake.set(PARALELO, { body: dolarApiBody('paralelo', 312, 'ayer') });
      expect((await get(t, user, 'paralelo')).json()).toMatchObject({ promedio: 312, fechaActualizacion: 'ayer', stale: false });
      const [row] = await snapshots(t, 'paralelo');
      expect(row?.fechaActualizacion).toBeNull();
    });
  });
});

describe('GET /api/rates/paralelo with RATES_BINANCE_URL', () => {
  it('answers the mid of Binance P2P ask and bid, dated by its epoch seconds', async () => {
    const { t, user } = await ratesApp({ binance: true });
    fake.set(BINANCE, { body: binanceBody(320.5, 318.25, 1_795_000_000) });
    const paraleloBefore = fake.hits(PARALELO);
    const res = await get(t, user, 'paralelo');
    expect(res.json()).toMatchObject({
      promedio: 319.375,
      fechaActualizacion: new Date(1_795_000_000_000).toISOString(),
      fuente: 'Binance P2P',
      stale: false,
    });
    expect(await snapshots(t, 'binance')).toHaveLength(1);
    expect(fake.hits(PARALELO) - paraleloBefore).toBe(0);
    // The official panel is not affected by the Binance source.
    expect((await get(t, user, 'oficial')).json()).toMatchObject({ fuente: 'BCV' });
  });

  it.each([
    ['an HTTP 500', { status: 500, body: {} }],
    ['a time-out', { hang: true }],
    ['an answer without bid', { body: { ask: 320, time: 1_795_000_000 } }],
    ['a non-numeric ask', { body: { ask: 'x', bid: 318, time: 1_795_000_000 } }],
  ])('falls back to DolarApi paralelo on %s', async (_label, route) => {
    const { t, user } = await ratesApp({ binance: true });
    fake.set(BINANCE, route);
    const res = await get(t, user, 'paralelo');
    expect(res.json()).toMatchObject({ promedio: 310.5, fuente: 'DolarApi paralelo', stale: false });
    expect(await snapshots(t, 'binance')).toHaveLength(0);
  });

  it('while Binance is backing off after a time-out, the fallback answers without waiting for it', async () => {
    const { t, user } = await ratesApp({ binance: true });
    fake.set(BINANCE, { hang: true });
    await get(t, user, 'paralelo');
    const binanceHits = fake.hits(BINANCE);
    t.clock.advance(RATES_FAILURE_BACKOFF_MS - 1000);
    const started = Date.now();
    expect((await get(t, user, 'paralelo')).json()).toMatchObject({ fuente: 'DolarApi paralelo', stale: false });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(fake.hits(BINANCE)).toBe(binanceHits);
    // Once the back-off is over Binance is asked again and, recovered, answers the panel.
    t.clock.advance(1000);
    fake.set(BINANCE, { body: binanceBody(321, 319) });
    expect((await get(t, user, 'paralelo')).json()).toMatchObject({ promedio: 320, fuente: 'Binance P2P', stale: false });
  });

  it('when both fail, answers the newest stored parallel value from either source, stale', async () => {
    const { t, user } = await ratesApp({ binance: true });
    fake.set(BINANCE, { body: binanceBody(330, 326) });
    expect((await get(t, user, 'paralelo')).json()).toMatchObject({ promedio: 328, fuente: 'Binance P2P' });

    t.clock.advance((TTL_SECONDS + 1) * 1000);
    fake.set(BINANCE, { status: 500 });
    expect((await get(t, user, 'paralelo')).json()).toMatchObject({ promedio: 310.5, fuente: 'DolarApi paralelo', stale: false });

    t.clock.advance((TTL_SECONDS + 1) * 1000);
    fake.set(PARALELO, { status: 500 });
    expect((await get(t, user, 'paralelo')).json()).toMatchObject({ promedio: 310.5, fuente: 'DolarApi paralelo', stale: true });
  });

  it('with nothing stored and both failing, a 502', async () => {
    const { t, user } = await ratesApp({ binance: true });
    fake.set(BINANCE, { status: 500 });
    fake.set(PARALELO, { status: 500 });
    const res = await get(t, user, 'paralelo');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: messages.ratesUnavailable, code: 'BAD_GATEWAY' });
  });
});
