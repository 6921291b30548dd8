import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceLinkStatus } from '@arb/shared';
import { LOG_REDACT } from '../src/lib/log-redact.ts';
import { writeBackup } from '../src/services/backup.ts';
import { addCuenta } from './support/cuentas.ts';
import { fakeKey, READ_ONLY_RESTRICTIONS, RESTRICTIONS_PATH, startFakeBinance, type FakeBinance } from './support/fake-binance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** docs/product.md#binance-sync: linking a read-only key, checked with (a fake of) Binance first. */
describe('Binance link (DESIGN §23)', () => {
  let fake: FakeBinance;
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  const KEY = fakeKey('anakey');
  const SECRET = fakeKey('anasecret', true);

  beforeAll(async () => {
    fake = await startFakeBinance();
    t = await createTestApp({ BINANCE_API_URL: fake.url }, { binance: { timeoutMs: 400 } });
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    fake.addKey({ apiKey: KEY, apiSecret: SECRET });
    // Each test starts with a fresh link-attempt window (the last test is about that limit).
    await t.database.pool.query(`delete from rate_limits where key like 'binance-link:%'`);
  });

  const put = (user: TestUser, body: Record<string, unknown>) =>
    t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: user.token,
      payload: { apiKey: KEY, apiSecret: SECRET, ledgerId: user.ledgerId, ...body },
    });
  const get = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/integrations/binance', token: user.token })).json() as BinanceLinkStatus;

  it('answers conectado: false without a link, and 401 without a session', async () => {
    expect(await get(ana)).toEqual({ conectado: false });
    expect((await t.request({ method: 'GET', url: '/api/integrations/binance' })).statusCode).toBe(401);
  });

  it('links a read-only key: never answers it, shows its last 4 characters, warns of no IP restriction, stores it sealed', async () => {
    const usd = await addCuenta(t, ana, ana.ledgerId, { nombre: 'Binance USDT', moneda: 'USD', tipo: 'binance' });
    const res = await put(ana, { cuenta_usd_id: usd.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toMatchObject({
      conectado: true,
      apiKeyEnd: KEY.slice(-4),
      ipRestrict: false,
      estado: 'activa',
      cuenta_usd_id: usd.id,
      ultima: null,
    });
    // Binance saw a signed call with our key header.
    expect(fake.hits(RESTRICTIONS_PATH)).toBe(1);
    const row = await t.database.pool.query(`select * from binance_links where user_id = $1`, [ana.id]);
    const stored = JSON.stringify(row.rows[0]);
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(SECRET);
    expect(row.rows[0].api_key_sealed).toMatch(/^v1\./);
    expect(await get(ana)).toMatchObject({ conectado: true, apiKeyEnd: KEY.slice(-4) });
    // DESIGN §28: an account a link names is in use — archive it, do not delete it.
    const del = await t.request({ method: 'DELETE', url: `/api/ledgers/${ana.ledgerId}/cuentas/${usd.id}`, token: ana.token });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'CUENTA_EN_USO' });
  });

  it('says so when the key is IP-restricted', async () => {
    fake.setRestrictions(KEY, { ...READ_ONLY_RESTRICTIONS, ipRestrict: true });
    const res = await put(ana, {});
    expect(res.json()).toMatchObject({ ipRestrict: true });
  });

  it.each([
    ['enableWithdrawals', 'Habilitar retiros'],
    ['enableInternalTransfer', 'Permitir transferencias internas'],
    ['permitsUniversalTransfer', 'Permitir transferencia universal'],
    ['enableSpotAndMarginTrading', 'Habilitar trading spot y de margen'],
    ['enableMargin', 'Habilitar margen'],
    ['enableFutures', 'Habilitar futuros'],
    ['enableVanillaOptions', 'Habilitar opciones europeas'],
    ['enablePortfolioMarginTrading', 'Habilitar trading con margen de cartera'],
  ])('refuses a key with %s on, naming it', async (flag, label) => {
    fake.setRestrictions(KEY, { ...READ_ONLY_RESTRICTIONS, [flag]: true });
    const res = await put(beto, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BINANCE_KEY_NOT_READ_ONLY',
      error: `La clave de Binance debe ser solo de lectura: desactiva ${label}`,
    });
    expect(await get(beto)).toEqual({ conectado: false });
  });

  it('a malformed secret is refused without echoing it or the key', async () => {
    const res = await put(beto, { apiSecret: `${SECRET}!` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(KEY);
    expect(fake.hits(RESTRICTIONS_PATH)).toBe(0);
  });

  it('refuses a key Binance rejects (-2015) and a wrong secret (-1022), saying what to check', async () => {
    const unknown = await put(beto, { apiKey: fakeKey('nobody') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'BINANCE_KEY_REJECTED',
      error: 'Binance rechazó la clave: revisa la clave, el secreto y las IP permitidas',
    });
    const wrongSecret = await put(beto, { apiSecret: fakeKey('other', true) });
    expect(wrongSecret.json()).toMatchObject({ code: 'BINANCE_KEY_REJECTED' });
    expect(await get(beto)).toEqual({ conectado: false });
  });

  it('answers 502 BINANCE_UNAVAILABLE when Binance fails, hangs or is unreachable', async () => {
    fake.fail(RESTRICTIONS_PATH, { status: 503 });
    expect((await put(beto, {})).json()).toMatchObject({ code: 'BINANCE_UNAVAILABLE' });
    fake.fail(RESTRICTIONS_PATH, { hang: true });
    const started = Date.now();
    const hung = await put(beto, {});
    expect(hung.statusCode).toBe(502);
    // The 400 ms time-out of this app (10 s in production) ended it.
    expect(Date.now() - started).toBeLessThan(3000);
    const nowhere = await createTestApp({ JWT_SECRET: t.ctx.config.JWT_SECRET }, { database: t.database });
    try {
      const res = await nowhere.request({
        method: 'PUT',
        url: '/api/integrations/binance',
        token: beto.token,
        payload: { apiKey: KEY, apiSecret: SECRET, ledgerId: beto.ledgerId },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'BINANCE_UNAVAILABLE',
        error: 'No se pudo contactar a Binance. Intenta de nuevo en unos minutos.',
      });
    } finally {
      await nowhere.close();
    }
  });

  it('needs a ledger where the user may add transactions, and accounts of that ledger and currency', async () => {
    // Ana's ledger: Beto is not a member → 404; a viewer → 403 SOLO_LECTURA.
    expect((await put(beto, { ledgerId: ana.ledgerId })).statusCode).toBe(404);
    await addMember(t, ana.ledgerId, beto.id);
    await t.database.pool.query(`update ledger_members set solo_lectura = true where ledger_id = $1 and user_id = $2`, [
      ana.ledgerId,
      beto.id,
    ]);
    expect((await put(beto, { ledgerId: ana.ledgerId })).json()).toMatchObject({ code: 'SOLO_LECTURA' });
    const ves = await addCuenta(t, ana, ana.ledgerId, { nombre: 'Banesco', moneda: 'VES' });
    // A VES account as the USD account, and another ledger's account.
    expect((await put(ana, { cuenta_usd_id: ves.id })).json()).toMatchObject({ code: 'CUENTA_INVALIDA' });
    expect((await put(beto, { cuenta_ves_id: ves.id })).json()).toMatchObject({ code: 'CUENTA_INVALIDA' });
    expect(fake.hits(RESTRICTIONS_PATH)).toBe(0);
  });

  it('keeps nothing readable in a backup', async () => {
    expect((await put(ana, {})).statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-bk-')), 'b.json.gz');
    await writeBackup(t.database.pool, file);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).toContain('"table":"binance_links"');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(SECRET);
  });

  it('disconnecting erases the key', async () => {
    expect((await put(ana, {})).statusCode).toBe(200);
    const res = await t.request({ method: 'DELETE', url: '/api/integrations/binance', token: ana.token });
    expect(res.statusCode).toBe(204);
    expect(await get(ana)).toEqual({ conectado: false });
    const rows = await t.database.pool.query(`select count(*)::int as n from binance_links where user_id = $1`, [ana.id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('the log redacts keys, secrets, the key header and signatures', () => {
    const lines: string[] = [];
    const log = pino(
      { redact: LOG_REDACT },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    log.info(
      { apiKey: KEY, apiSecret: SECRET, signature: 'abc123sig', body: { apiSecret: SECRET }, req: { headers: { 'x-mbx-apikey': KEY } } },
      'x',
    );
    const out = lines.join('');
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('abc123sig');
    expect(out).toContain('[oculto]');
  });

  it('at most 10 link attempts a user per 15 minutes: each one calls Binance', async () => {
    const ciro = await createUser(t, { name: 'Ciro' });
    for (let i = 0; i < 10; i++) expect((await put(ciro, { apiKey: fakeKey(`wrong${i}`) })).statusCode).toBe(400);
    const hits = fake.hits(RESTRICTIONS_PATH);
    const res = await put(ciro, {});
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'RATE_LIMITED',
      error: 'Demasiados intentos de conectar una clave de Binance. Intenta de nuevo en 15 minutos.',
    });
    expect(res.headers['retry-after']).toBe('900');
    expect(fake.hits(RESTRICTIONS_PATH)).toBe(hits);
    t.clock.advance(15 * 60_000);
    expect((await put(ciro, {})).statusCode).toBe(200);
  });
});
