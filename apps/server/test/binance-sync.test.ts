import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceLinkStatus, BinanceSyncAnswer, ImportBatchListItem, ImportBatchResult } from '@arb/shared';
import { englishCsv } from '../src/services/imports/fixtures/generate.ts';
import { addCuenta } from './support/cuentas.ts';
import {
  fakeKey,
  HISTORY_PATH,
  RESTRICTIONS_PATH,
  startFakeBinance,
  TIME_PATH,
  type FakeBinance,
  type FakeBinanceOrder,
} from './support/fake-binance.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** docs/product.md#binance-sync: runs against a fake Binance (DESIGN §23, §28). */
describe('Binance sync', () => {
  let fake: FakeBinance;
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  let now: number;
  const KEY = fakeKey('anakey');
  const SECRET = fakeKey('anasecret', true);
  const cuentas: Record<string, string> = {};

  const order = (n: number, over: Partial<FakeBinanceOrder> = {}): FakeBinanceOrder => ({
    orderNumber: `2274518874553321${String(n).padStart(4, '0')}`,
    tradeType: n % 2 ? 'SELL' : 'BUY',
    asset: 'USDT',
    fiat: 'VES',
    amount: '100.00000000',
    unitPrice: '310.50000000',
    totalPrice: '31050.00000000',
    orderStatus: 'COMPLETED',
    createTime: now - 10 * DAY + n * HOUR,
    commission: '0.05000000',
    counterPartNickName: `Cliente${n}`,
    payMethodName: 'PagoMovil',
    ...over,
  });

  beforeAll(async () => {
    fake = await startFakeBinance();
    t = await createTestApp({ BINANCE_API_URL: fake.url }, { binance: { timeoutMs: 800, answerWithinMs: 4000 } });
    now = t.clock.now.getTime();
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    await addMember(t, ana.ledgerId, beto.id);
    cuentas.pm = (await addCuenta(t, ana, ana.ledgerId, { nombre: 'Pago Móvil Ana', moneda: 'VES', metodos_binance: ['pago movil'] })).id;
    cuentas.banesco = (
      await addCuenta(t, ana, ana.ledgerId, { nombre: 'Banesco Beto', moneda: 'VES', titularId: beto.id, metodos_binance: ['Banesco'] })
    ).id;
    cuentas.defecto = (await addCuenta(t, ana, ana.ledgerId, { nombre: 'Mercantil', moneda: 'VES' })).id;
    cuentas.usd = (await addCuenta(t, ana, ana.ledgerId, { nombre: 'Binance USDT', moneda: 'USD', tipo: 'binance' })).id;
    fake.addKey({ apiKey: KEY, apiSecret: SECRET });
    const res = await t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: ana.token,
      payload: { apiKey: KEY, apiSecret: SECRET, ledgerId: ana.ledgerId, cuenta_usd_id: cuentas.usd, cuenta_ves_id: cuentas.defecto },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const sync = (user = ana) => t.request({ method: 'POST', url: '/api/integrations/binance/sync', token: user.token });
  const status = async (user = ana) =>
    (await t.request({ method: 'GET', url: '/api/integrations/binance', token: user.token })).json() as BinanceLinkStatus & {
      conectado: true;
    };
  const rows = async () =>
    (
      await t.database.pool.query<{
        referencia: string;
        cuenta_ves_id: string | null;
        cuenta_usd_id: string | null;
        venta: string;
        compra: string;
        comision_usd: string;
        import_batch_id: string;
      }>(
        `select referencia, cuenta_ves_id, cuenta_usd_id, venta::text, compra::text, comision_usd::text, import_batch_id from transactions where ledger_id = $1 order by referencia`,
        [ana.ledgerId],
      )
    ).rows;
  const imports = async () =>
    (await t.request({ method: 'GET', url: `/api/ledgers/${ana.ledgerId}/imports`, token: ana.token })).json() as ImportBatchListItem[];

  it('first sync: 180 days in ≤ 30-day windows, BUY and SELL, all pages; the §12 mapping; accounts by payment method', async () => {
    const many = Array.from({ length: 230 }, (_, i) => order(100 + i, { createTime: now - 100 * DAY + i * 60_000 }));
    fake.setOrders(KEY, [
      order(1), // SELL, PagoMovil → Ana's "pago movil" account (accents and case ignored)
      order(2, { payMethodName: 'Banesco', takerCommission: '0.025' }), // BUY, Banesco is Beto's account → the link's default
      order(3, { orderStatus: 'CANCELLED' }), // omitted
      order(4, { fiat: 'ARS' }), // omitted
      ...many, // 115 SELL + 115 BUY: two pages of each kind in one window
    ]);
    const res = await sync();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BinanceSyncAnswer;
    expect(body).toMatchObject({ creadas: 232, duplicadas: 0, omitidas: 2, error: null });
    expect(body.batch).toMatchObject({ created: 232, skipped: 2 });
    const q = fake.queries(HISTORY_PATH);
    // 7 windows (6 × 30 days + now) × 2 kinds, plus the extra pages of the window holding the 230.
    const spans = q.map((p) => Number(p.get('endTimestamp')) - Number(p.get('startTimestamp')));
    expect(Math.max(...spans)).toBeLessThan(30 * DAY);
    expect(Math.min(...q.map((p) => Number(p.get('startTimestamp'))))).toBe(now - 180 * DAY);
    expect(q.every((p) => p.get('rows') === '100' && p.get('recvWindow') === '10000' && p.get('signature'))).toBe(true);
    expect(q.filter((p) => p.get('page') === '2').length).toBe(2);
    const all = await rows();
    const r1 = all.find((r) => r.referencia === order(1).orderNumber)!;
    expect(r1).toMatchObject({ cuenta_ves_id: cuentas.pm, cuenta_usd_id: cuentas.usd, venta: '100.00', compra: '0.00' });
    const r2 = all.find((r) => r.referencia === order(2).orderNumber)!;
    // 0.05 + 0.025 taker = 0.075
    expect(r2).toMatchObject({ cuenta_ves_id: cuentas.defecto, compra: '100.00', comision_usd: '0.07500000' });
    const list = await imports();
    expect(list[0]).toMatchObject({ fileName: 'Sincronización Binance', created: 232, undone: false, user: { id: ana.id } });
    const act = await t.database.pool.query(`select count(*)::int as n from activity where ledger_id = $1 and action = 'IMPORT_CREATED'`, [
      ana.ledgerId,
    ]);
    expect(act.rows[0].n).toBe(1);
    expect((await status()).ultima).toMatchObject({ creadas: 232, omitidas: 2, error: null, batchId: body.batch!.id });
  });

  it('the next sync starts from the cursor minus an hour and creates 0, leaving no batch', async () => {
    const batches = (await imports()).length;
    const res = await sync();
    expect(res.json()).toMatchObject({ batch: null, creadas: 0, error: null });
    expect((await imports()).length).toBe(batches);
    const starts = fake.queries(HISTORY_PATH).map((p) => Number(p.get('startTimestamp')));
    // The cursor is the end of the last complete window (now + 1 ms): start one hour before.
    expect(Math.min(...starts)).toBe(now + 1 - HOUR);
  });

  it('a non-final order holds the cursor and is created once it completes', async () => {
    t.clock.advance(2 * HOUR);
    const pending = order(900, { createTime: now + HOUR, orderStatus: 'BUYER_PAYED' });
    fake.setOrders(KEY, [pending]);
    expect((await sync()).json()).toMatchObject({ creadas: 0 });
    fake.reset();
    t.clock.advance(2 * HOUR);
    fake.setOrders(KEY, [{ ...pending, orderStatus: 'COMPLETED' }]);
    const res = await sync();
    expect(res.json()).toMatchObject({ creadas: 1 });
    // Started an hour before the pending order's time, not after the last window.
    expect(Math.min(...fake.queries(HISTORY_PATH).map((p) => Number(p.get('startTimestamp'))))).toBe(now + HOUR - HOUR);
  });

  it('a file import and a sync of overlapping orders create each order once', async () => {
    // The file holds order 1 (synced already) and order 950 (new); the sync then brings 950 and 951.
    const time = (ms: number) => new Date(ms - 4 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
    const csv = englishCsv([
      { orderNumber: order(1).orderNumber, type: 'Sell', price: '310.5', quantity: '100', time: time(order(1).createTime) },
      { orderNumber: order(950).orderNumber, type: 'Sell', price: '310.5', quantity: '100', time: time(now + 4.5 * HOUR) },
    ]);
    const form = multipart({}, [{ name: 'file', filename: 'p2p.csv', contentType: 'text/csv', data: csv }]);
    const file = await t.request({ method: 'POST', url: `/api/ledgers/${ana.ledgerId}/imports`, token: ana.token, ...form });
    expect(file.statusCode, file.body).toBe(201);
    expect((file.json() as ImportBatchResult).batch).toMatchObject({ created: 1, duplicate: 1 });
    t.clock.advance(HOUR);
    // The clock is at now + 5 h and the cursor at now + 4 h: the run starts at now + 3 h.
    fake.setOrders(KEY, [order(950, { createTime: now + 4.5 * HOUR }), order(951, { createTime: now + 4.5 * HOUR + 1000 })]);
    expect((await sync()).json()).toMatchObject({ creadas: 1, duplicadas: 1 });
    const refs = (await rows()).map((r) => r.referencia);
    expect(refs.filter((r) => r === order(950).orderNumber).length).toBe(1);
    expect(refs.filter((r) => r === order(1).orderNumber).length).toBe(1);
  });

  it('a sync batch is undone like an import', async () => {
    const last = (await imports()).find((b) => b.fileName === 'Sincronización Binance' && !b.undone)!;
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${ana.ledgerId}/imports/${last.id}`, token: ana.token });
    expect(res.statusCode).toBe(204);
    expect((await rows()).some((r) => r.import_batch_id === last.id)).toBe(false);
  });

  it('a second "Sincronizar ahora" while one runs answers 409 SYNC_EN_CURSO; a run longer than the wait answers 202', async () => {
    // Each delay stays under this app's 800 ms call time-out.
    fake.fail(HISTORY_PATH, { delayMs: 600, times: 2 });
    const first = sync();
    await new Promise((r) => setTimeout(r, 200));
    const second = await sync();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'SYNC_EN_CURSO', error: 'Ya hay una sincronización con Binance en curso' });
    expect((await status()).enCurso).toBe(true);
    // 1 window × 2 kinds × 0.6 s = 1.2 s < the 4 s wait of this app: the run answers 200.
    expect((await first).json()).toMatchObject({ error: null });
    expect((await status()).enCurso).toBe(false);
    // 70 days: 3 windows × 2 kinds = 6 history calls, with the time and the key check 8 calls × 0.7 s = 5.6 s > 4 s.
    t.clock.advance(70 * DAY);
    fake.fail(HISTORY_PATH, { delayMs: 700, times: 6 });
    fake.fail(RESTRICTIONS_PATH, { delayMs: 700 });
    fake.fail(TIME_PATH, { delayMs: 700 });
    const late = await sync();
    expect(late.statusCode).toBe(202);
    expect(late.json()).toEqual({ enCurso: true });
    await expect.poll(async () => (await status()).enCurso, { timeout: 10_000 }).toBe(false);
    expect((await status()).ultima).toMatchObject({ error: null });
  });

  it("corrects a skewed clock from Binance's time; a -1021 re-reads it and retries once", async () => {
    fake.setSkew(-60_000); // Binance's clock a minute behind ours: our raw timestamps would be refused
    expect((await sync()).json()).toMatchObject({ error: null });
    fake.reset();
    fake.lieAboutTime(120_000, 1); // the first time read is wrong: the first signed call gets -1021
    expect((await sync()).json()).toMatchObject({ error: null });
    expect(fake.hits(TIME_PATH)).toBe(2);
    fake.reset();
    fake.lieAboutTime(120_000, 2); // wrong twice: retried once only, then the run stops for the next one
    const res = (await sync()).json() as BinanceSyncAnswer;
    expect(res.error).toBe('Binance no respondió bien; se reintentará en la próxima sincronización');
    expect(fake.hits(TIME_PATH)).toBe(2);
  });

  it('429 honours Retry-After: the run stops and Binance is not called again before it', async () => {
    fake.fail(HISTORY_PATH, { status: 429, retryAfter: '120' });
    const res = (await sync()).json() as BinanceSyncAnswer;
    expect(res.error).toMatch(/^Binance pidió esperar: se reintentará a partir de las \d\d:\d\d$/);
    const hits = fake.hits(HISTORY_PATH) + fake.hits(RESTRICTIONS_PATH);
    expect((await sync()).json()).toMatchObject({ error: res.error });
    expect(fake.hits(HISTORY_PATH) + fake.hits(RESTRICTIONS_PATH)).toBe(hits);
    // The periodic round skips a waiting link.
    expect(await t.ctx.binance.runRound()).toBe(0);
    // Binance's limits are per IP: the 429 paused every link, on every instance (docs/decisions/0058).
    expect((await t.database.pool.query(`select status from binance_ip_pause`)).rows).toEqual([{ status: 429 }]);
    await t.database.pool.query(`update binance_links set espera_hasta = null where user_id = $1`, [ana.id]);
    await t.database.pool.query(`delete from binance_ip_pause`);
  });

  it('5xx and time-outs stop the run without moving the cursor; the next run fetches that window again', async () => {
    const before = (await t.database.pool.query(`select cursor_ms::text as c from binance_links where user_id = $1`, [ana.id])).rows[0].c;
    t.clock.advance(HOUR);
    fake.fail(HISTORY_PATH, { status: 502 });
    expect((await sync()).json()).toMatchObject({ error: 'Binance no respondió bien; se reintentará en la próxima sincronización' });
    const after = (await t.database.pool.query(`select cursor_ms::text as c from binance_links where user_id = $1`, [ana.id])).rows[0].c;
    expect(after).toBe(before);
    expect((await status()).estado).toBe('activa');
  });

  it('a hanging Binance slows no other request', async () => {
    fake.fail('*', { hang: true });
    const running = sync();
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const other = await t.request({ method: 'GET', url: `/api/ledgers/${beto.ledgerId}/imports`, token: beto.token });
    const took = performance.now() - started;
    expect(other.statusCode).toBe(200);
    expect(took).toBeLessThan(300);
    // The 800 ms time-out of this app ends the hung call; the link stays active for the next run.
    expect(((await running).json() as BinanceSyncAnswer).error).toBe(
      'Binance no respondió bien; se reintentará en la próxima sincronización',
    );
    expect((await status()).estado).toBe('activa');
  });

  // Across instances: binance-ip-pause.test.ts.
  it('a 418 pauses every link until its Retry-After', async () => {
    const carla = await createUser(t, { name: 'Carla' });
    const ck = fakeKey('carlakey');
    fake.addKey({ apiKey: ck, apiSecret: SECRET });
    await t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: carla.token,
      payload: { apiKey: ck, apiSecret: SECRET, ledgerId: carla.ledgerId },
    });
    fake.reset();
    fake.fail(HISTORY_PATH, { status: 418, retryAfter: '300' });
    expect(((await sync()).json() as BinanceSyncAnswer).error).toMatch(/^Binance pidió esperar/);
    const calls = fake.hits(HISTORY_PATH) + fake.hits(RESTRICTIONS_PATH);
    // Carla's link is not waiting itself, but the instance is paused: her manual run does not call Binance either.
    expect(((await sync(carla)).json() as BinanceSyncAnswer).error).toMatch(/^Binance pidió esperar/);
    expect(await t.ctx.binance.runRound()).toBe(0);
    expect(fake.hits(HISTORY_PATH) + fake.hits(RESTRICTIONS_PATH)).toBe(calls);
  });
});
