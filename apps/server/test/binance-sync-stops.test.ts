import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BINANCE_SYNC_EVENT, type BinanceLinkStatus, type BinanceSyncAnswer } from '@arb/shared';
import { notifySyncStopped } from '../src/services/binance/notify-user.ts';
import { fanOutChanges } from '../src/services/telegram/change-fanout.ts';
import {
  fakeKey,
  generateOrders,
  HISTORY_PATH,
  READ_ONLY_RESTRICTIONS,
  startFakeBinance,
  type FakeBinance,
} from './support/fake-binance.ts';
import { connectSocket } from './support/sockets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** docs/product.md#binance-sync: when a link stops, who is told, and the periodic rounds (DESIGN §23, §28). */
describe('Binance sync: stopped links and periodic rounds', () => {
  let fake: FakeBinance;
  let t: TestApp;
  const SECRET = fakeKey('secret', true);

  beforeAll(async () => {
    fake = await startFakeBinance();
    t = await createTestApp({ BINANCE_API_URL: fake.url }, { binance: { timeoutMs: 800 } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  /** A user with a linked key (its own ledger unless one is given). */
  async function linked(name: string, ledgerId?: string): Promise<TestUser & { key: string }> {
    const user = await createUser(t, { name });
    const key = fakeKey(`${name}key`);
    fake.addKey({ apiKey: key, apiSecret: SECRET });
    if (ledgerId) await addMember(t, ledgerId, user.id);
    const res = await t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: user.token,
      payload: { apiKey: key, apiSecret: SECRET, ledgerId: ledgerId ?? user.ledgerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, key };
  }
  const sync = async (user: TestUser) =>
    (await t.request({ method: 'POST', url: '/api/integrations/binance/sync', token: user.token })).json() as BinanceSyncAnswer;
  const status = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/integrations/binance', token: user.token })).json() as BinanceLinkStatus & {
      conectado: true;
    };
  const mails = async (user: TestUser) =>
    (
      await t.database.pool.query<{ text: string }>(
        `select text from email_outbox where "to" = $1 and subject like 'Sincronización con Binance%'`,
        [user.email],
      )
    ).rows;

  it('a key Binance now rejects stops the link, tells the user once by email, and periodic rounds skip it', async () => {
    const ana = await linked('Ana');
    fake.revoke(ana.key);
    expect((await sync(ana)).error).toBe('Binance rechazó tu clave de API; la sincronización se detuvo');
    expect(await status(ana)).toMatchObject({
      estado: 'rechazada',
      motivo: 'Binance rechazó la clave: revisa la clave, el secreto y las IP permitidas',
    });
    expect((await mails(ana)).length).toBe(1);
    expect((await mails(ana))[0]!.text).toContain('Binance rechazó tu clave de API; la sincronización se detuvo');
    await sync(ana);
    expect((await mails(ana)).length).toBe(1);
    const hits = fake.hits(HISTORY_PATH);
    await t.ctx.binance.runRound();
    expect(fake.hits(HISTORY_PATH)).toBe(hits);
    expect((await status(ana)).estado).toBe('rechazada');
  });

  it('a key that gained a power is stopped at the next run, naming it', async () => {
    const beto = await linked('Beto');
    fake.setRestrictions(beto.key, { ...READ_ONLY_RESTRICTIONS, enableSpotAndMarginTrading: true });
    expect((await sync(beto)).error).toBe('La clave de Binance debe ser solo de lectura: desactiva Habilitar trading spot y de margen');
    expect(await status(beto)).toMatchObject({ estado: 'rechazada' });
    expect(fake.hits(HISTORY_PATH)).toBe(0);
  });

  it('a user who may no longer add transactions in the ledger (a viewer now) gets sin_permiso and is told', async () => {
    const owner = await createUser(t, { name: 'Olga' });
    const carla = await linked('Carla', owner.ledgerId);
    await t.database.pool.query(`update ledger_members set solo_lectura = true where ledger_id = $1 and user_id = $2`, [
      owner.ledgerId,
      carla.id,
    ]);
    expect((await sync(carla)).error).toMatch(/la sincronización se detuvo$/);
    expect((await status(carla)).estado).toBe('sin_permiso');
    expect((await mails(carla)).length).toBe(1);
    expect(fake.hits(HISTORY_PATH)).toBe(0);
  });

  it('a key that no longer decrypts (JWT_SECRET changed) asks to connect again', async () => {
    const dani = await linked('Dani');
    await t.database.pool.query(`update binance_links set api_secret_sealed = 'v1.xx.yy.zz' where user_id = $1`, [dani.id]);
    expect((await sync(dani)).error).toBe('Vuelve a conectar tu clave');
    expect(await status(dani)).toMatchObject({ estado: 'rechazada', motivo: 'Vuelve a conectar tu clave' });
  });

  it('a user with Telegram linked is told there instead of by email', async () => {
    const eva = await createUser(t, { name: 'Eva' });
    await t.database.pool.query(`insert into telegram_links (user_id, chat_id) values ($1, 4242)`, [eva.id]);
    await notifySyncStopped(t.ctx.db, {
      userId: eva.id,
      text: 'Binance rechazó tu clave de API; la sincronización se detuvo',
      appUrl: 'http://x',
      telegramOn: true,
    });
    const tg = await t.database.pool.query(`select text from telegram_messages where user_id = $1`, [eva.id]);
    expect(tg.rows.map((r: { text: string }) => r.text)).toEqual([
      'Binance rechazó tu clave de API; la sincronización se detuvo\nhttp://x/membership',
    ]);
    expect((await mails(eva)).length).toBe(0);
  });

  it('a periodic round syncs every active link once, one instance at a time', async () => {
    await t.database.pool.query(`update binance_links set estado = 'rechazada' where estado = 'activa'`);
    const f = await linked('Fabi');
    const g = await linked('Gabo');
    const end = t.clock.now.getTime();
    fake.setOrders(f.key, generateOrders(30, { endMs: end, days: 20 }));
    fake.setOrders(g.key, generateOrders(20, { endMs: end, days: 20, firstNumber: 22_900_000_000_000_000_000n }));
    const other = await createTestApp({ BINANCE_API_URL: fake.url, JWT_SECRET: t.ctx.config.JWT_SECRET }, { database: t.database });
    try {
      // Two instances at once: the advisory lock lets one run the round; each link runs once.
      const [a, b] = await Promise.all([t.ctx.binance.runRound(), other.ctx.binance.runRound()]);
      expect(a + b).toBe(2);
      expect([a, b]).toContain(0);
    } finally {
      await other.close();
    }
    expect((await status(f)).ultima).toMatchObject({ creadas: 30, error: null });
    expect((await status(g)).ultima).toMatchObject({ creadas: 20, error: null });
    const n = await t.database.pool.query(`select count(*)::int as n from transactions where ledger_id = any($1::uuid[])`, [
      [f.ledgerId, g.ledgerId],
    ]);
    expect(n.rows[0].n).toBe(50);
  });

  it("the user's own sockets hear that a run ended, and no one else's do", async () => {
    const hana = await linked('Hana');
    const ivan = await createUser(t, { name: 'Ivan' });
    const live = await createTestApp(
      { BINANCE_API_URL: fake.url, JWT_SECRET: t.ctx.config.JWT_SECRET },
      { database: t.database, realtime: true },
    );
    try {
      const url = await live.listen();
      const mine = await connectSocket(url, hana.token);
      const theirs = await connectSocket(url, ivan.token);
      let heard = 0;
      let overheard = 0;
      const told = new Promise<void>((resolve) => mine.socket.once(BINANCE_SYNC_EVENT, () => resolve()));
      mine.socket.on(BINANCE_SYNC_EVENT, () => (heard += 1));
      theirs.socket.on(BINANCE_SYNC_EVENT, () => (overheard += 1));
      const res = await live.request({ method: 'POST', url: '/api/integrations/binance/sync', token: hana.token });
      expect(res.statusCode).toBe(200);
      await told;
      await new Promise((r) => setTimeout(r, 100));
      expect([heard, overheard]).toEqual([1, 0]);
      mine.close();
      theirs.close();
    } finally {
      await live.close();
    }
  });

  it('sync batches reach Telegram at most once an hour per ledger, one held message summing them; never with cambios off', async () => {
    const kora = await linked('Kora');
    const [leo, mia] = [await createUser(t, { name: 'Leo' }), await createUser(t, { name: 'Mia' })];
    for (const m of [leo, mia]) {
      await addMember(t, kora.ledgerId, m.id);
      await t.database.pool.query(`insert into telegram_links (user_id, chat_id) values ($1, $2)`, [m.id, Math.floor(Math.random() * 1e9)]);
    }
    await t.database.pool.query(`insert into notification_settings (user_id, ledger_id, cambios) values ($1, $2, false)`, [
      mia.id,
      kora.ledgerId,
    ]);
    await t.database.pool.query(`delete from notification_outbox`);
    const end = t.clock.now.getTime();
    // Two runs: 3 orders, then 2 more.
    fake.setOrders(kora.key, generateOrders(3, { endMs: end - 60_000, days: 1, firstNumber: 23_100_000_000_000_000_000n }));
    expect((await sync(kora)).creadas).toBe(3);
    // Orders of the next half hour (after the cursor).
    fake.setOrders(kora.key, generateOrders(2, { endMs: end + 40 * 60_000, days: 0.01, firstNumber: 23_100_000_000_000_000_003n }));
    t.clock.advance(60 * 60_000);
    expect((await sync(kora)).creadas).toBe(2);
    while ((await fanOutChanges(t.ctx.db, 'http://x')) > 0);
    const held = await t.database.pool.query<{ user_id: string; text: string; due: boolean }>(
      `select user_id, text, next_attempt_at > now() as due from telegram_messages where dedupe_key like $1`,
      [`binance-sync:${kora.ledgerId}:%`],
    );
    // One message, to Leo only (Mia turned cambios off; Kora is the author), held to the end of the hour, 3 + 2 = 5.
    expect(held.rows.map((r) => [r.user_id, r.due])).toEqual([[leo.id, true]]);
    expect(held.rows[0]!.text).toContain('Sincronización con Binance: 5 operaciones nuevas en la última hora');
  });

  it('an archived link account stops the link (sin_permiso) before Binance is called', async () => {
    const nora = await linked('Nora');
    const cuenta = await t.request({
      method: 'POST',
      url: `/api/ledgers/${nora.ledgerId}/cuentas`,
      token: nora.token,
      payload: { nombre: 'Binance USDT', moneda: 'USD', tipo: 'binance' },
    });
    const { cuenta: c } = cuenta.json() as { cuenta: { id: string; version: number } };
    await t.request({
      method: 'PUT',
      url: '/api/integrations/binance',
      token: nora.token,
      payload: { apiKey: nora.key, apiSecret: SECRET, ledgerId: nora.ledgerId, cuenta_usd_id: c.id },
    });
    const archived = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${nora.ledgerId}/cuentas/${c.id}`,
      token: nora.token,
      payload: { archivada: true, version: c.version },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    fake.reset();
    expect((await sync(nora)).error).toMatch(/la sincronización se detuvo$/);
    expect((await status(nora)).estado).toBe('sin_permiso');
    expect(fake.hits(HISTORY_PATH)).toBe(0);
  });
});
