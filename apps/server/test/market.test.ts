import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@arb/shared';
import { rateHistory, rateSnapshots } from '../src/db/schema.ts';
import { dayBalances } from '../src/services/balances/day-balances.ts';
import { createRateHistoryFiller, HISTORY_MAX_BYTES } from '../src/services/market/rate-history-fill.ts';
import { marketStamps } from '../src/services/market/market-stamp.ts';
import { englishCsv } from '../src/services/imports/fixtures/generate.ts';
import { historicoBody, startFakeRates, type FakeRates } from './support/fake-rates.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, type TxJson } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * DESIGN §24 with §28's "rate of a day" (docs/product.md#market-reference): the daily rates kept,
 * GET /api/rates/history, the `mercado` stamp and the margins in the answers. APP_TIMEZONE is the
 * default America/Caracas (UTC−4) throughout.
 */
const H_OFICIAL = '/v1/historicos/dolares/oficial';
const H_PARALELO = '/v1/historicos/dolares/paralelo';

let fake: FakeRates;
let t: TestApp;
let owner: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  fake = await startFakeRates();
  t = await createTestApp({
    RATES_OFICIAL_URL: `${fake.url}/v1/dolares/oficial`,
    RATES_PARALELO_URL: `${fake.url}/v1/dolares/paralelo`,
    RATES_HISTORY_URL: `${fake.url}/v1/historicos/dolares`,
  });
  owner = await createUser(t, { name: 'Ana' });
  outsider = await createUser(t, { name: 'Ciro' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const history = (desde: string, hasta: string, user: TestUser | null = owner) =>
  t.request({ method: 'GET', url: `/api/rates/history?desde=${desde}&hasta=${hasta}`, ...(user ? { token: user.token } : {}) });

/** A live fetch as the rates service stores it (source, value, instant). */
const snapshot = (source: string, promedio: string, at: string) =>
  t.ctx.db.insert(rateSnapshots).values({ source, fuente: source, promedio, fetchedAt: new Date(at) });

const clearRates = async () => {
  await t.ctx.db.delete(rateHistory);
  await t.ctx.db.delete(rateSnapshots);
};

describe('daily rates from RATES_HISTORY_URL', () => {
  beforeEach(clearRates);

  it('fills history days from both sources, skipping bad entries, and GET /api/rates/history walks every day', async () => {
    fake.set(H_OFICIAL, { body: [historicoBody('oficial', '2026-11-16', 236.1), historicoBody('oficial', '2026-11-18', 237.25)] });
    fake.set(H_PARALELO, {
      body: [
        historicoBody('paralelo', '2026-11-16', 300.123456), // stored at 4 decimals: 300.1235
        historicoBody('paralelo', '2026-11-17T00:00:00-04:00', 301), // the date part of an instant
        historicoBody('paralelo', '2026-11-18', null), // no promedio: skipped, never a 0
        historicoBody('paralelo', '2026-02-30', 302), // not a day
        historicoBody('paralelo', '2026-11-18', -1),
        'basura',
      ],
    });
    const result = await t.ctx.rateHistory.fill();
    expect(result).toEqual({ oficial: { stored: 2, skipped: 0 }, paralelo: { stored: 2, skipped: 4 } });

    const res = await history('2026-11-15', '2026-11-19');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      dias: [
        { fecha: '2026-11-15', oficial: null, paralelo: null }, // nothing stored yet
        { fecha: '2026-11-16', oficial: 236.1, paralelo: 300.1235 },
        { fecha: '2026-11-17', oficial: 236.1, paralelo: 301 }, // official carried from the 16th
        { fecha: '2026-11-18', oficial: 237.25, paralelo: 301 }, // parallel carried from the 17th
        { fecha: '2026-11-19', oficial: 237.25, paralelo: 301 },
      ],
    });

    // A second fill changes nothing; a corrected value upstream is taken.
    expect((await t.ctx.rateHistory.fill()).oficial).toEqual({ stored: 0, skipped: 0 });
    fake.set(H_OFICIAL, { body: [historicoBody('oficial', '2026-11-16', 236.2)] });
    expect((await t.ctx.rateHistory.fill()).oficial).toEqual({ stored: 1, skipped: 0 });
    expect((await history('2026-11-16', '2026-11-16')).json().dias[0].oficial).toBe(236.2);
  });

  it('a failing, oversized, slow or malformed upstream stores nothing and says why', async () => {
    fake.set(H_OFICIAL, { status: 500, body: {} });
    fake.set(H_PARALELO, { body: { not: 'an array' } });
    const result = await t.ctx.rateHistory.fill();
    expect(result.oficial).toEqual({ error: expect.stringContaining('HTTP 500') });
    expect(result.paralelo).toEqual({ error: 'not an array' });

    // An endless answer is cut at the byte cap (the default 10 s time-out is not what stops it).
    fake.set(H_OFICIAL, { body: 'x'.repeat(HISTORY_MAX_BYTES + 10) });
    fake.set(H_PARALELO, { body: [] });
    expect((await t.ctx.rateHistory.fill()).oficial).toEqual({ error: expect.stringContaining('larger than') });
    // A silent upstream is given up after the time-out.
    fake.set(H_OFICIAL, { body: [] });
    fake.set(H_PARALELO, { hang: true });
    const bounded = createRateHistoryFiller({ db: t.ctx.db, url: `${fake.url}/v1/historicos/dolares`, timeoutMs: 300 });
    const started = Date.now();
    const r2 = await bounded.fill();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r2.paralelo).toEqual({ error: expect.stringContaining('TimeoutError') });
    expect(await t.ctx.db.select().from(rateHistory)).toEqual([]);
    fake.set(H_OFICIAL, { body: [] });
    fake.set(H_PARALELO, { body: [] });
  });

  it('a day without history takes its last live fetch (by the APP_TIMEZONE date of the fetch); history wins when it comes', async () => {
    // 2026-11-20 23:30 in Caracas is 2026-11-21 03:30 UTC: a fetch of the 20th, whatever the UTC date says.
    await snapshot('paralelo', '305.0000', '2026-11-20T14:00:00Z');
    await snapshot('paralelo', '306.5000', '2026-11-21T03:30:00Z');
    await snapshot('oficial', '240.0000', '2026-11-20T15:00:00Z');
    // The Binance panel feeds the parallel rate too: the later fetch of the day counts.
    await snapshot('binance', '309.0000', '2026-11-22T12:00:00Z');
    await snapshot('paralelo', '307.0000', '2026-11-22T11:00:00Z');
    const live = (await history('2026-11-20', '2026-11-22')).json();
    expect(live.dias).toEqual([
      { fecha: '2026-11-20', oficial: 240, paralelo: 306.5 },
      { fecha: '2026-11-21', oficial: 240, paralelo: 306.5 },
      { fecha: '2026-11-22', oficial: 240, paralelo: 309 },
    ]);
    fake.set(H_PARALELO, { body: [historicoBody('paralelo', '2026-11-20', 303)] });
    await t.ctx.rateHistory.fill();
    expect((await history('2026-11-20', '2026-11-21')).json().dias).toEqual([
      { fecha: '2026-11-20', oficial: 240, paralelo: 303 },
      { fecha: '2026-11-21', oficial: 240, paralelo: 303 }, // the latest earlier day's: the 20th's, history first
    ]);
    fake.set(H_PARALELO, { body: [] });
  });

  it('the panel fetch is kept as the day’s live rate', async () => {
    const res = await t.request({ method: 'GET', url: '/api/rates/paralelo', token: owner.token });
    expect(res.statusCode).toBe(200);
    const today = res.json().obtenidoEn as string;
    const day = new Date(Date.parse(today) - 4 * 3_600_000).toISOString().slice(0, 10); // Caracas date of the fetch
    expect((await history(day, day)).json().dias).toEqual([{ fecha: day, oficial: null, paralelo: 310.5 }]);
  });
});

describe('GET /api/rates/history: who and what', () => {
  it('needs a signed-in user', async () => {
    expect((await history('2026-11-01', '2026-11-02', null)).statusCode).toBe(401);
    expect((await history('2026-11-01', '2026-11-02', outsider)).statusCode).toBe(200);
  });

  it.each([
    ['desde=2026-11-31&hasta=2026-12-01', messages.dateInvalid],
    ['desde=hoy&hasta=2026-12-01', messages.dateInvalid],
    ['hasta=2026-12-01', messages.dateInvalid],
    ['desde=2026-12-02&hasta=2026-12-01', messages.rateHistoryRangeInvertido],
    ['desde=2025-01-01&hasta=2026-01-02', 'El rango no puede superar 366 días'],
  ])('%s → 400 %s', async (query, error) => {
    const res = await t.request({ method: 'GET', url: `/api/rates/history?${query}`, token: owner.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, code: 'VALIDATION_ERROR' });
  });

  it('a whole leap year is one range', async () => {
    const res = await history('2028-01-01', '2028-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.json().dias).toHaveLength(366);
  });
});

describe('the market a transaction met, and its margins', () => {
  let L: string;
  let bea: TestUser;
  beforeAll(async () => {
    await clearRates();
    bea = await createUser(t, { name: 'Bea' });
    L = bea.ledgerId;
    // The 20th (Caracas): live parallel 305 at 10:00, 310 at 12:00; official 240 at 09:00.
    await snapshot('paralelo', '305.0000', '2026-11-20T14:00:00Z');
    await snapshot('paralelo', '310.0000', '2026-11-20T16:00:00Z');
    await snapshot('oficial', '240.0000', '2026-11-20T13:00:00Z');
    // The 19th only has history.
    await t.ctx.db.insert(rateHistory).values([
      { source: 'paralelo', fecha: '2026-11-19', promedio: '300.0000' },
      { source: 'oficial', fecha: '2026-11-19', promedio: '238.0000' },
    ]);
  });

  it('a row is stamped with the last live rates at or before its moment on its day', async () => {
    // 11:00 in Caracas: the 10:00 parallel (305) and the 09:00 official.
    const tx = await addTransaction(t, bea, L, '2026-11-20', { venta: 100, tasa_venta: 308.05, ocurrido_en: '2026-11-20T11:00:00-04:00' });
    expect(tx.mercado).toEqual({ paralelo: 305, oficial: 240, fecha: '2026-11-20' });
    expect(tx.margen_venta).toBe(1); // 308,05 / 305 − 1 = 0,01 → 1,00 %
    expect(tx).not.toHaveProperty('margen_compra');
    // 12:30: the 12:00 parallel. A purchase at 306: 310 / 306 − 1 = 0,0130718… → 1,31 %
    const buy = await addTransaction(t, bea, L, '2026-11-20', { compra: 300, tasa_compra: 306, ocurrido_en: '2026-11-20T12:30:00-04:00' });
    expect(buy.mercado).toEqual({ paralelo: 310, oficial: 240, fecha: '2026-11-20' });
    expect(buy.margen_compra).toBe(1.31);
    // 08:00, before any fetch of the day: the rate of the day (its last live value, 310; official 240).
    const early = await addTransaction(t, bea, L, '2026-11-20', { venta: 50, tasa_venta: 300, ocurrido_en: '2026-11-20T08:00:00-04:00' });
    expect(early.mercado).toEqual({ paralelo: 310, oficial: 240, fecha: '2026-11-20' });
    expect(early.margen_venta).toBe(-3.23); // 300 / 310 − 1 = −0,0322580… → −3,23 %
  });

  it('a past order typed later takes the rate of its day; a day with nothing stored carries the latest earlier one', async () => {
    // Dated the 19th, written "now": its moment is not on its day → the 19th's history.
    const past = await addTransaction(t, bea, L, '2026-11-19', { venta: 10, tasa_venta: 303 });
    expect(past.mercado).toEqual({ paralelo: 300, oficial: 238, fecha: '2026-11-19' });
    expect(past.margen_venta).toBe(1); // 303 / 300 − 1 = 0,01
    // The 25th has nothing: the 20th's last live values, and the stamp says which day they are from.
    const later = await addTransaction(t, bea, L, '2026-11-25', { venta: 10, tasa_venta: 310 });
    expect(later.mercado).toEqual({ paralelo: 310, oficial: 240, fecha: '2026-11-20' });
    expect(later.margen_venta).toBe(0);
    // Before anything stored: no stamp, no margin keys (the row answers as before).
    const none = await addTransaction(t, bea, L, '2026-01-05', { venta: 10, tasa_venta: 310 });
    expect(none).not.toHaveProperty('mercado');
    expect(none).not.toHaveProperty('margen_venta');
  });

  it('the day answer carries each row’s margins and the USD-weighted average, the same cached or computed whole', async () => {
    const day = await balances(t, bea, L, '2026-11-20');
    const rows = day.transacciones_con_acumulados;
    expect(rows.map((r) => [r.margen_venta ?? null, r.margen_compra ?? null])).toEqual([
      [-3.23, null], // 08:00
      [1, null], // 11:00
      [null, 1.31], // 12:30
    ]);
    // (50 × (300/310 − 1) + 100 × (308,05/305 − 1) + 300 × (310/306 − 1)) / 450
    // = (50 × −0,0322580645 + 100 × 0,01 + 300 × 0,0130718954) / 450 = (−1,6129032 + 1 + 3,9215686) / 450
    // = 3,3086654 / 450 = 0,0073525898… → 0,74 %
    expect((day.resumen as Record<string, unknown>).margen_promedio).toEqual({ valor: 0.74 });
    const whole = await dayBalances(t.ctx.db, L, '2026-11-20');
    expect(whole.resumen.margen_promedio).toEqual({ valor: 0.74 });
    expect(JSON.parse(JSON.stringify(whole))).toEqual(day);
    // A day whose rows have no stamp has no average.
    expect((await balances(t, bea, L, '2026-01-05')).resumen).not.toHaveProperty('margen_promedio');
  });

  it('an edit keeps the stamp unless it moves the row to another day', async () => {
    const tx = await addTransaction(t, bea, L, '2026-11-20', { venta: 10, tasa_venta: 310, ocurrido_en: '2026-11-20T11:00:00-04:00' });
    expect(tx.mercado).toMatchObject({ paralelo: 305 });
    // The market of the 20th changes afterwards (history arrives): the row keeps what it met.
    await t.ctx.db.insert(rateHistory).values({ source: 'paralelo', fecha: '2026-11-20', promedio: '320.0000' });
    const put = (fecha: string, tasa: number) =>
      t.request({
        method: 'PUT',
        url: `/api/transactions/${tx.id}`,
        token: bea.token,
        payload: { fecha, venta: 10, tasa_venta: tasa, compra: 0, tasa_compra: 0, notas: 'editada' },
      });
    const same = await put('2026-11-20', 311);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().transaction.mercado).toMatchObject({ paralelo: 305 });
    expect(same.json().transaction.margen_venta).toBe(1.97); // 311 / 305 − 1 = 0,0196721… → 1,97 % (the new rate, the kept market)
    // Moved to the 19th (its moment is the 20th): the rate of the 19th.
    const moved = await put('2026-11-19', 311);
    expect(moved.json().transaction.mercado).toEqual({ paralelo: 300, oficial: 238, fecha: '2026-11-19' });
    await t.ctx.db.delete(rateHistory);
    await t.ctx.db.insert(rateHistory).values([
      { source: 'paralelo', fecha: '2026-11-19', promedio: '300.0000' },
      { source: 'oficial', fecha: '2026-11-19', promedio: '238.0000' },
    ]);
  });

  it('an import stamps each order with the market at its moment', async () => {
    const member = await createUser(t, { name: 'Dani' });
    await addMember(t, L, member.id);
    const csv = englishCsv([
      { orderNumber: '20400000000000000002', type: 'Buy', price: '306.0000', quantity: '100', time: '2026-11-20 16:30:00' }, // 12:30 Caracas
      { orderNumber: '20400000000000000001', type: 'Sell', price: '308.0500', quantity: '100', time: '2026-11-20 15:00:00' }, // 11:00 Caracas
    ]);
    const form = multipart({ timezone: 'UTC' }, [{ name: 'file', filename: 'p2p.csv', contentType: 'text/csv', data: csv }]);
    const res = await t.request({ method: 'POST', url: `/api/ledgers/${L}/imports`, token: member.token, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await balances(t, bea, L, '2026-11-20')).transacciones_con_acumulados.filter((r) => r.origen === 'binance_p2p');
    expect(rows.map((r: TxJson) => [r.mercado, r.margen_venta ?? r.margen_compra])).toEqual([
      [{ paralelo: 305, oficial: 240, fecha: '2026-11-20' }, 1], // 308,05 / 305 − 1
      [{ paralelo: 310, oficial: 240, fecha: '2026-11-20' }, 1.31], // 310 / 306 − 1
    ]);
  });

  it('the history chart’s days carry their spread (tasa_venta_promedio / tasa_compra_promedio − 1)', async () => {
    const u = await createUser(t);
    await addTransaction(t, u, u.ledgerId, '2026-10-01', { venta: 100, tasa_venta: 310 });
    await addTransaction(t, u, u.ledgerId, '2026-10-01', { venta: 300, tasa_venta: 314, compra: 100, tasa_compra: 306.66 });
    await addTransaction(t, u, u.ledgerId, '2026-10-02', { venta: 10, tasa_venta: 310 });
    const res = await t.request({ method: 'GET', url: `/api/transactions/daily-profit?ledgerId=${u.ledgerId}`, token: u.token });
    // (100 × 310 + 300 × 314) / 400 = 313; 313 / 306,66 − 1 = 0,020674… → 2,07 %. The 2nd has no purchase: no spread.
    expect(res.json().map((d: { date: string; diferencial?: number }) => [d.date, d.diferencial ?? null])).toEqual([
      ['2026-10-01', 2.07],
      ['2026-10-02', null],
    ]);
  });

  it('the position’s reference rate is the rate of its day too (history first)', async () => {
    const ref = async (fecha: string) =>
      (await t.request({ method: 'GET', url: `/api/ledgers/${L}/position?fecha=${fecha}`, token: bea.token })).json().referencia;
    expect(await ref('2026-11-19')).toEqual({ tasa: 300, fuente: 'paralelo', fecha: '2026-11-19' }); // history
    expect(await ref('2026-11-20')).toEqual({ tasa: 310, fuente: 'paralelo', fecha: '2026-11-20' }); // the day's last live fetch
    expect(await ref('2026-11-23')).toEqual({ tasa: 310, fuente: 'paralelo', fecha: '2026-11-20' }); // carried
  });

  it('the stamping function stamps many rows at once (for the Binance sync)', async () => {
    const stamps = await marketStamps(t.ctx.db, 'America/Caracas', [
      { fecha: '2026-11-20', ocurrido_en: '2026-11-20T14:30:00Z' }, // 10:30 → 305
      { fecha: '2026-11-20', ocurrido_en: '2026-11-20T16:00:00Z' }, // 12:00 exactly → 310 (at or before)
      { fecha: '2026-11-19', ocurrido_en: '2026-11-20T14:30:00Z' }, // not on its day → the 19th
      { fecha: '2020-01-01', ocurrido_en: '2020-01-01T12:00:00Z' }, // nothing stored
    ]);
    expect(stamps).toEqual([
      { paralelo: '305.0000', oficial: '240.0000', fecha: '2026-11-20' },
      { paralelo: '310.0000', oficial: '240.0000', fecha: '2026-11-20' },
      { paralelo: '300.0000', oficial: '238.0000', fecha: '2026-11-19' },
      null,
    ]);
    expect(await marketStamps(t.ctx.db, 'America/Caracas', [])).toEqual([]);
  });
});
