import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, ledgers, telegramMessages } from '../src/db/schema.ts';
import { ledgerChange } from '../src/services/ledger-change.ts';
import type { TelegramTuning } from '../src/services/telegram/telegram-notifier.ts';
import { FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from './support/fake-telegram.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#telegram-notices against a fake Bot API (never the real Telegram): linking, settings, who is told
 * what, delivery failures, pacing, two instances, the daily summary on an injected clock.
 */
const BOT = 'ArbitrajeTestBot';
const tuning: TelegramTuning = {
  pollMs: 50,
  takeoverMs: 200,
  longPollS: 1,
  backoffBaseMs: 100,
  backoffMaxMs: 400,
  summaryEveryMs: 0,
  callTimeoutMs: 1_000,
};
// One JWT secret for both instances of the two-instance test (each test app makes its own otherwise).
const env = (fake: FakeTelegram) => ({
  JWT_SECRET: 'telegram-test-secret-'.padEnd(48, 'x'),
  TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: BOT,
  TELEGRAM_API_URL: fake.url,
});

let fake: FakeTelegram;
let t: TestApp;
let chatSeq = 5_000;

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await createTestApp(env(fake), { telegram: tuning });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const sentTo = (chatId: number) => fake.sent.filter((m) => m.chatId === chatId);

async function linkUrl(app: TestApp, user: TestUser) {
  const res = await app.request({ method: 'POST', url: '/api/notifications/telegram/link', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; expiresAt: string };
}

/** The user opens the deep link and presses Start: the bot answers in that chat. */
async function linkChat(app: TestApp, user: TestUser, name: string): Promise<number> {
  const chatId = ++chatSeq;
  const { url } = await linkUrl(app, user);
  const token = new URL(url).searchParams.get('start')!;
  fake.userWrites(chatId, `/start ${token}`);
  await fake.waitFor(() => sentTo(chatId).some((m) => m.text.includes(`Listo, ${name}`)), 10_000, `link answer in chat ${chatId}`);
  return chatId;
}

async function settings(app: TestApp, user: TestUser) {
  const res = await app.request({ method: 'GET', url: '/api/notifications/settings', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    telegram: { enabled: boolean; linked: boolean };
    ledgers: Array<{ ledgerId: string; name: string; ownerId: string; ownerName: string; cambios: boolean; resumen_diario: boolean }>;
  };
}

async function putSettings(app: TestApp, user: TestUser, ledgersBody: unknown) {
  return app.request({ method: 'PUT', url: '/api/notifications/settings', token: user.token, payload: { ledgers: ledgersBody } });
}

/** A shared ledger: `owner`'s, with the others as members, and everyone linked to a chat of their own. */
async function partners(names: string[], ledgerName = 'Caja compartida') {
  const users: TestUser[] = [];
  for (const name of names) users.push(await createUser(t, { name }));
  const [owner, ...others] = users;
  await t.ctx.db.update(ledgers).set({ name: ledgerName }).where(eq(ledgers.id, owner!.ledgerId));
  for (const u of others) await addMember(t, owner!.ledgerId, u.id, true);
  const chats: number[] = [];
  for (const [i, u] of users.entries()) chats.push(await linkChat(t, u, names[i]!));
  return { ledgerId: owner!.ledgerId, users, chats };
}

/** Waits until the notifier has nothing left that is due (messages all sent or failed). */
async function settled(app: TestApp = t, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = (
      await app.ctx.db.execute<{ n: number }>(sql`
        select (select count(*) from telegram_messages where sent_at is null and failed_at is null)::int
             + (select count(*) from notification_outbox)::int as n`)
    ).rows;
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`notifications still pending after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Telegram off (no TELEGRAM_BOT_TOKEN)', () => {
  it('settings say enabled false, linking is a 404, and no notifier runs', async () => {
    const off = await createTestApp();
    try {
      const u = await createUser(off, { name: 'Uma' });
      const s = await settings(off, u);
      expect(s.telegram).toEqual({ enabled: false, linked: false });
      expect(s.ledgers).toEqual([
        { ledgerId: u.ledgerId, name: 'Mi Registro', ownerId: u.id, ownerName: 'Uma', cambios: true, resumen_diario: false },
      ]);
      const res = await off.request({ method: 'POST', url: '/api/notifications/telegram/link', token: u.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(off.telegram).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('linking (docs/product.md#telegram-notices)', () => {
  it('a deep link with a single-use token of 15 minutes; /start links and greets; /stop unlinks', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const link = await linkUrl(t, ana);
    expect(link.url).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{1,64}$`));
    expect(new Date(link.expiresAt).getTime() - t.clock.now.getTime()).toBe(15 * 60_000);
    expect((await settings(t, ana)).telegram).toEqual({ enabled: true, linked: false });

    const chat = ++chatSeq;
    const token = new URL(link.url).searchParams.get('start')!;
    fake.userWrites(chat, `/start ${token}`);
    await fake.waitFor(() => sentTo(chat).find((m) => m.text === 'Listo, Ana: recibirás aquí los avisos de Arbitraje USD/VES.'));
    expect((await settings(t, ana)).telegram.linked).toBe(true);

    // Single use: the same token in another chat is refused and Ana's link stays where it was.
    const other = ++chatSeq;
    fake.userWrites(other, `/start ${token}`);
    await fake.waitFor(() => sentTo(other).find((m) => m.text.startsWith('El enlace no es válido o ha caducado')));
    const [row] = (await t.ctx.db.execute<{ chat_id: string }>(sql`select chat_id from telegram_links where user_id = ${ana.id}`)).rows;
    expect(Number(row!.chat_id)).toBe(chat);

    fake.userWrites(chat, '/stop');
    await fake.waitFor(() => sentTo(chat).find((m) => m.text.startsWith('Listo: ya no recibirás avisos')));
    expect((await settings(t, ana)).telegram.linked).toBe(false);
  });

  it('an expired token (after 15 minutes) and a group chat do not link', async () => {
    const ben = await createUser(t, { name: 'Ben' });
    const late = new URL((await linkUrl(t, ben)).url).searchParams.get('start')!;
    t.clock.advance(15 * 60_000 + 1_000);
    try {
      const chat = ++chatSeq;
      fake.userWrites(chat, `/start ${late}`);
      await fake.waitFor(() => sentTo(chat).find((m) => m.text.startsWith('El enlace no es válido o ha caducado')));
      const group = -++chatSeq;
      const fresh = new URL((await linkUrl(t, ben)).url).searchParams.get('start')!;
      fake.userWrites(group, `/start ${fresh}`, 'group');
      await fake.waitFor(() => sentTo(group).find((m) => m.text === 'Solo se pueden vincular chats privados con el bot.'));
      // Only the newest link works: asking again replaced the token just used in the group.
      const replaced = new URL((await linkUrl(t, ben)).url).searchParams.get('start')!;
      await linkUrl(t, ben);
      fake.userWrites(chat, `/start ${replaced}`);
      await fake.waitFor(() => sentTo(chat).filter((m) => m.text.startsWith('El enlace no es válido o ha caducado')).length === 2);
      expect((await settings(t, ben)).telegram.linked).toBe(false);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('settings (GET/PUT /api/notifications/settings)', () => {
  it('every ledger of the user with the defaults; a partial PUT changes only what it names', async () => {
    const { users, ledgerId } = await partners(['Olga', 'Pía'], 'Sociedad');
    const [olga, pia] = users;
    const before = await settings(t, pia!);
    const mine = { ledgerId: pia!.ledgerId, name: 'Mi Registro', ownerId: pia!.id, ownerName: 'Pía' };
    const theirs = { ledgerId, name: 'Sociedad', ownerId: olga!.id, ownerName: 'Olga' };
    expect(before.ledgers).toEqual([
      { ...mine, cambios: true, resumen_diario: false },
      { ...theirs, cambios: true, resumen_diario: false },
    ]);
    const put = await putSettings(t, pia!, [{ ledgerId, resumen_diario: true }]);
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as typeof before).ledgers[1]).toEqual({ ...theirs, cambios: true, resumen_diario: true });
    const put2 = await putSettings(t, pia!, [{ ledgerId, cambios: false }]);
    expect((put2.json() as typeof before).ledgers[1]).toEqual({ ...theirs, cambios: false, resumen_diario: true });
    expect((await settings(t, pia!)).ledgers[0]).toEqual({ ...mine, cambios: true, resumen_diario: false });
  });

  it('a ledger the user is not in is a 404 and changes nothing; a bad body is a 400; no token is a 401', async () => {
    const a = await createUser(t);
    const stranger = await createUser(t);
    const res = await putSettings(t, a, [
      { ledgerId: a.ledgerId, cambios: false },
      { ledgerId: stranger.ledgerId, cambios: false },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await settings(t, a)).ledgers[0]!.cambios).toBe(true);
    expect((await putSettings(t, a, [{ ledgerId: 'nope', cambios: false }])).statusCode).toBe(400);
    expect((await putSettings(t, a, [{ ledgerId: a.ledgerId, cambios: 'yes' }])).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/notifications/settings' })).statusCode).toBe(401);
  });
});

describe('who is told what', () => {
  it("a change by another member reaches the ledger's linked members, never its author, nor whoever turned cambios off", async () => {
    const { ledgerId, users, chats } = await partners(['Rosa', 'Saúl', 'Teo']);
    const [rosa, saul, teo] = users;
    const [rosaChat, saulChat, teoChat] = chats;
    expect((await putSettings(t, teo!, [{ ledgerId, cambios: false }])).statusCode).toBe(200);
    const outsider = await createUser(t, { name: 'Uma' });
    const outsiderChat = await linkChat(t, outsider, 'Uma');

    // 100 USD sold at 40 and 98 bought at 39.5 on 21/11/2026.
    await addTransaction(t, saul!, ledgerId, '2026-11-21', { venta: 100, tasa_venta: 40, compra: 98, tasa_compra: 39.5 });
    // Handed to Telegram within 5 s of the commit (docs/product.md#telegram-notices).
    const msg = await fake.waitFor(() => sentTo(rosaChat!).find((m) => m.text.includes('registró una operación')), 5_000);
    expect(msg.text).toBe(
      [
        'Caja compartida',
        'Saúl registró una operación del 21/11/2026: venta 100,00 USD a 40,00 Bs, compra 98,00 USD a 39,50 Bs.',
        `http://localhost:3000/dashboard?ledger=${ledgerId}&date=2026-11-21`,
      ].join('\n'),
    );
    await settled();
    // Saúl made it (silent); Teo turned cambios off; Uma is not in the ledger: only the link answers.
    expect(sentTo(saulChat!).filter((m) => !m.text.startsWith('Listo'))).toEqual([]);
    expect(sentTo(teoChat!).filter((m) => !m.text.startsWith('Listo'))).toEqual([]);
    expect(sentTo(outsiderChat).filter((m) => !m.text.startsWith('Listo'))).toEqual([]);

    // Rosa's own change: Saúl is told, Rosa is not.
    await setBase(t, rosa!, ledgerId, '2026-11-21', 1000, 500);
    const base = await fake.waitFor(() => sentTo(saulChat!).find((m) => m.text.includes('saldo base')));
    expect(base.text).toContain('Rosa cambió el saldo base del 21/11/2026: 1.000,00 Bs.S y 500,00 USD.');
    await settled();
    expect(sentTo(rosaChat!).filter((m) => m.text.includes('saldo base'))).toEqual([]);
  });

  it('names and notes with <b> or * are sent as typed, in plain text (no parse_mode)', async () => {
    const { ledgerId, users, chats } = await partners(['<b>Vero</b>', 'Wil*'], '<i>Caja</i> *VIP*');
    const [, wil] = users;
    const tx = await addTransaction(t, wil!, ledgerId, '2026-11-21', { venta: 10, tasa_venta: 40, notas: '<a href="x">y</a>' });
    const res = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: wil!.token });
    expect(res.statusCode).toBeLessThan(300);
    const deleted = await fake.waitFor(() => sentTo(chats[0]!).find((m) => m.text.includes('eliminó')));
    expect(deleted.text.split('\n').slice(0, 2)).toEqual([
      '<i>Caja</i> *VIP*',
      'Wil* eliminó una operación del 21/11/2026: venta 10,00 USD a 40,00 Bs.',
    ]);
    expect(fake.sent.filter((m) => m.parseMode !== undefined)).toEqual([]);
  });

  it('the outbox row is part of the change: written in its transaction, gone when it rolls back', async () => {
    const { ledgerId, users, chats } = await partners(['Gil', 'Hana']);
    const [, hana] = users;
    const outboxRows = (db: Pick<typeof t.ctx.db, 'execute'>) =>
      db
        .execute<{ n: number }>(sql`select count(*)::int as n from notification_outbox where ledger_id = ${ledgerId}`)
        .then((r) => r.rows[0]!.n);
    let inside = -1;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx
          .insert(activity)
          .values({ ledgerId, userId: hana!.id, action: 'TRANSACTION_DELETED', fecha: '2026-11-21', before: { venta: 9, tasa_venta: 40 } });
        inside = await outboxRows(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(inside).toBe(1);
    await settled();
    expect(await outboxRows(t.ctx.db)).toBe(0);
    expect(sentTo(chats[0]!).filter((m) => !m.text.startsWith('Listo'))).toEqual([]);
  });

  it('a burst written by one change (an import, a reset) is one message', async () => {
    const { ledgerId, users, chats } = await partners(['Xavi', 'Yara']);
    const [xavi, yara] = users;
    // Three rows recorded by one change, as the Binance import does (docs/product.md#binance-import).
    await ledgerChange(t.ctx.db, t.ctx.bus, async ({ record, emit }) => {
      for (const id of ['a', 'b', 'c'])
        record({
          ledgerId,
          userId: yara!.id,
          action: 'TRANSACTION_CREATED',
          entityId: id,
          fecha: '2026-11-20',
          after: { venta: 1, tasa_venta: 40 },
        });
      emit({ event: 'transaction-updated', ledgerId, type: 'CREATED', fecha: '2026-11-20', byUserId: yara!.id });
    });
    const burst = await fake.waitFor(() => sentTo(chats[0]!).find((m) => m.text.includes('registró 3 operaciones')));
    expect(burst.text).toContain('Yara registró 3 operaciones del 20/11/2026.');
    // A reset of a day with two operations: one message.
    await addTransaction(t, xavi!, ledgerId, '2026-11-22', { venta: 5, tasa_venta: 40 });
    await addTransaction(t, xavi!, ledgerId, '2026-11-22', { compra: 5, tasa_compra: 39 });
    await fake.waitFor(() => sentTo(chats[1]!).filter((m) => m.text.includes('registró una operación del 22/11')).length === 2);
    const reset = await t.request({
      method: 'DELETE',
      url: `/api/ledgers/${ledgerId}/reset`,
      token: xavi!.token,
      payload: { fecha: '2026-11-22' },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const m = await fake.waitFor(() => sentTo(chats[1]!).find((x) => x.text.includes('reinició')));
    expect(m.text).toContain('Xavi reinició el día 22/11/2026: 2 operaciones eliminadas y saldos base a cero.');
    await settled();
    expect(sentTo(chats[1]!).filter((x) => x.text.includes('reinició'))).toHaveLength(1);
  });
});

describe('delivery', () => {
  it("429 waits Telegram's retry_after; 500 is retried with backoff; at most one message per second per chat", async () => {
    const { ledgerId, users, chats } = await partners(['Zoe', 'Abel']);
    const [, abel] = users;
    const zoeChat = chats[0]!;
    fake.failNext(zoeChat, { status: 429, retryAfter: 1 }, { status: 500 }, { status: 500 });
    await addTransaction(t, abel!, ledgerId, '2026-11-21', { venta: 1, tasa_venta: 40 });
    await addTransaction(t, abel!, ledgerId, '2026-11-21', { venta: 2, tasa_venta: 40 });
    await addTransaction(t, abel!, ledgerId, '2026-11-21', { venta: 3, tasa_venta: 40 });
    await fake.waitFor(() => sentTo(zoeChat).filter((m) => m.text.includes('registró')).length === 3, 15_000, 'three messages');
    const tries = fake.attempts.filter((a) => a.chatId === zoeChat && a.at > 0);
    const first429 = tries.find((a) => a.status === 429)!;
    const afterIt = tries.filter((a) => a.at > first429.at);
    // Nothing went to the chat within retry_after (1 s) of the 429.
    expect(afterIt[0]!.at - first429.at).toBeGreaterThanOrEqual(950);
    expect(tries.filter((a) => a.status === 500)).toHaveLength(2);
    // Accepted messages to one chat are at least ~1 s apart.
    const times = sentTo(zoeChat)
      .filter((m) => m.text.includes('registró'))
      .map((m) => m.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
    // Each change once, in order: 1,00 then 2,00 then 3,00 USD.
    expect(
      sentTo(zoeChat)
        .filter((m) => m.text.includes('registró'))
        .map((m) => /venta (\d+),00 USD/.exec(m.text)![1]),
    ).toEqual(['1', '2', '3']);
  });

  it('403 (bot blocked) unlinks; another 4xx fails that message only', async () => {
    const { ledgerId, users, chats } = await partners(['Bea', 'Ciro', 'Dani']);
    const [bea, ciro, dani] = users;
    fake.failNext(chats[0]!, { status: 403 });
    fake.failNext(chats[2]!, { status: 400 });
    await addTransaction(t, ciro!, ledgerId, '2026-11-21', { venta: 1, tasa_venta: 40 });
    await settled();
    expect((await settings(t, bea!)).telegram.linked).toBe(false);
    expect((await settings(t, dani!)).telegram.linked).toBe(true);
    const rows = await t.ctx.db
      .select()
      .from(telegramMessages)
      .where(sql`${telegramMessages.userId} in (${bea!.id}, ${dani!.id})`);
    expect(rows.map((r) => [r.attempts, r.sentAt, r.failedAt !== null])).toEqual([
      [1, null, true],
      [1, null, true],
    ]);
    // Later changes: Bea (unlinked) gets nothing, Dani gets them again.
    await addTransaction(t, ciro!, ledgerId, '2026-11-21', { venta: 2, tasa_venta: 40 });
    await fake.waitFor(() => sentTo(chats[2]!).find((m) => m.text.includes('venta 2,00 USD')));
    await settled();
    expect(sentTo(chats[0]!).filter((m) => m.text.includes('registró'))).toEqual([]);
  });

  it('Telegram down (hanging, then 500) neither slows nor fails a change, and loses no message', async () => {
    const { ledgerId, users, chats } = await partners(['Eva', 'Fede']);
    const [, fede] = users;
    fake.down({ hang: true });
    try {
      const started = Date.now();
      await addTransaction(t, fede!, ledgerId, '2026-11-21', { venta: 7, tasa_venta: 40 });
      await addTransaction(t, fede!, ledgerId, '2026-11-21', { venta: 8, tasa_venta: 40 });
      expect(Date.now() - started).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 1_500)); // a 1 s call time-out passes
      fake.down({ status: 500 });
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      fake.down(undefined);
    }
    await fake.waitFor(
      () => sentTo(chats[0]!).filter((m) => m.text.includes('registró')).length === 2,
      15_000,
      'both messages after the outage',
    );
  });
});

describe('two instances on one database', () => {
  it('each message is sent exactly once, one instance polls at a time, and the other takes over when it stops', async () => {
    const second = await createTestApp(env(fake), { database: t.database, telegram: tuning });
    try {
      const { ledgerId, users, chats } = await partners(['Gala', 'Hugo', 'Iris', 'Juan']);
      const [gala] = users;
      for (const venta of [1, 2, 3]) {
        // Alternate the instance that takes the change.
        const app = venta % 2 ? t : second;
        const res = await app.request({
          method: 'POST',
          url: '/api/transactions',
          token: gala!.token,
          payload: { ledgerId, fecha: '2026-11-21', venta, tasa_venta: 40 },
        });
        expect(res.statusCode).toBe(201);
      }
      await fake.waitFor(
        () => chats.slice(1).every((c) => sentTo(c).filter((m) => m.text.includes('registró')).length === 3),
        15_000,
        '3 × 3 messages',
      );
      await new Promise((r) => setTimeout(r, 1_000));
      for (const c of chats.slice(1)) {
        const texts = sentTo(c)
          .filter((m) => m.text.includes('registró'))
          .map((m) => m.text);
        expect(new Set(texts).size).toBe(3);
        expect(texts).toHaveLength(3);
      }
      expect(sentTo(chats[0]!).filter((m) => m.text.includes('registró'))).toEqual([]);
      // Exactly one poller: Telegram would answer 409 to overlapping getUpdates.
      expect([t.telegram!.poller.polling, second.telegram!.poller.polling].filter(Boolean)).toHaveLength(1);
      expect(fake.conflicts).toBe(0);

      // The polling instance stops; the other one takes over and answers /start.
      const [holder, other] = t.telegram!.poller.polling ? [t, second] : [second, t];
      await holder.telegram!.stop();
      await fake.waitFor(() => other.telegram!.poller.polling, 5_000, 'takeover');
      const kim = await createUser(t, { name: 'Kim' });
      await linkChat(other, kim, 'Kim');
      holder.telegram!.start();
      await new Promise((r) => setTimeout(r, 500));
      expect(fake.conflicts).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('daily summary at 20:00 APP_TIMEZONE (America/Caracas, UTC−4)', () => {
  it('goes once per ledger, user and day to those with resumen_diario', async () => {
    const { ledgerId, users, chats } = await partners(['Lía', 'Mario', 'Nora']);
    const [lia, mario] = users;
    expect((await putSettings(t, lia!, [{ ledgerId, resumen_diario: true }])).statusCode).toBe(200);
    expect((await putSettings(t, mario!, [{ ledgerId, resumen_diario: true, cambios: false }])).statusCode).toBe(200);
    // Base 1.000 Bs and 500 USD; sold 100 USD at 40 (+4.000 Bs) and bought 98 USD at 39,5 (−3.871 Bs).
    await setBase(t, lia!, ledgerId, '2026-11-21', 1000, 500);
    await addTransaction(t, lia!, ledgerId, '2026-11-21', { venta: 100, tasa_venta: 40, compra: 98, tasa_compra: 39.5 });
    await settled();
    const summaries = (chat: number) => sentTo(chat).filter((m) => m.text.includes('resumen del'));
    // Other tests' users with resumen_diario get theirs too: count this ledger's only.
    const queued = async (fecha: string) =>
      (
        await t.ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from telegram_messages where dedupe_key like ${`d:${ledgerId}:%:${fecha}`}`,
        )
      ).rows[0]!.n;

    t.clock.set(new Date('2026-11-21T23:59:00Z')); // 19:59 in Caracas
    try {
      expect(await t.telegram!.summaryTick()).toBe(0);
      t.clock.set(new Date('2026-11-22T00:00:00Z')); // 20:00 in Caracas, still the 21st
      expect(await t.telegram!.summaryTick()).toBeGreaterThanOrEqual(2);
      expect(await queued('2026-11-21')).toBe(2);
      expect(await t.telegram!.summaryTick()).toBe(0);
      await t.telegram!.drain();
      await fake.waitFor(() => summaries(chats[1]!).length === 1 && summaries(chats[0]!).length === 1);
      const text = summaries(chats[0]!)[0]!.text;
      const day = await t.request({
        method: 'GET',
        url: `/api/transactions/balances?ledgerId=${ledgerId}&fecha=2026-11-21`,
        token: lia!.token,
      });
      const r = (day.json() as { resumen: Record<string, { valor: number }> }).resumen;
      expect(r.saldo_disponible_usd!.valor).toBe(498);
      expect(text.split('\n')).toEqual([
        'Caja compartida: resumen del 21/11/2026',
        'Operaciones: 1',
        expect.stringMatching(/^Ganancia: [\d.,]+ USD y [\d.,]+ Bs\.S$/),
        `Saldo disponible: ${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(r.saldo_disponible_ves!.valor)} Bs.S y 498,00 USD`,
        `http://localhost:3000/dashboard?ledger=${ledgerId}&date=2026-11-21`,
      ]);
      await settled();
      expect(summaries(chats[2]!)).toEqual([]);
      // Later the same evening, and at 23:59: nothing new. The next day's 20:00 is a new summary.
      t.clock.set(new Date('2026-11-22T03:59:00Z'));
      expect(await t.telegram!.summaryTick()).toBe(0);
      t.clock.set(new Date('2026-11-23T00:00:00Z'));
      expect(await t.telegram!.summaryTick()).toBeGreaterThanOrEqual(2);
      expect(await queued('2026-11-22')).toBe(2);
    } finally {
      t.clock.set(new Date());
    }
  });
});
