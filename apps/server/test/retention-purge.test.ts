import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_DAYS } from '@arb/shared';
import { emailOutbox, idempotencyKeys, loginSessions, rateSnapshots, sessions, telegramMessages, users } from '../src/db/schema.ts';
import { purgeRetention } from '../src/services/retention-purge.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;
let t: TestApp;
let userId: string;
const ago = (ms: number) => new Date(t.clock.now.getTime() - ms);
const names = async (table: string, col: string) =>
  (await t.ctx.db.execute<{ v: string }>(sql`select ${sql.raw(col)}::text as v from ${sql.raw(table)} order by 1`)).rows.map((r) => r.v);

beforeAll(async () => {
  t = await createTestApp();
  await t.rateLimitPurger.stop(); // the app's own run must not race the rows a test seeds
  t.clock.set(new Date('2026-03-20T12:00:00Z'));
});
afterAll(async () => t.close());
beforeEach(async () => {
  for (const table of [idempotencyKeys, sessions, loginSessions, emailOutbox, telegramMessages, rateSnapshots])
    await t.ctx.db.delete(table);
  await t.ctx.db.delete(users);
  const [user] = await t.ctx.db
    .insert(users)
    .values({ email: 'ana@example.com', passwordHash: 'x', userName: 'Ana' })
    .returning({ id: users.id });
  userId = user!.id;
});

describe('retention purge (issue 17)', () => {
  it('deletes idempotency keys older than 7 days and keeps recent ones', async () => {
    await t.ctx.db.insert(idempotencyKeys).values([
      { userId, key: 'old', createdAt: ago(8 * DAY) },
      { userId, key: 'recent', createdAt: ago(6 * DAY) },
    ]);
    expect((await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas')).idempotencyKeys).toBe(1);
    expect(await names('idempotency_keys', 'key')).toEqual(['recent']);
  });

  it('deletes expired and long-revoked refresh tokens and ended sign-ins; keeps live ones', async () => {
    const fam = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await t.ctx.db.insert(loginSessions).values([
      { id: fam(1), userId, lastUsedAt: ago(DAY) }, // live
      { id: fam(2), userId, lastUsedAt: ago(DAY), revokedAt: ago(8 * DAY) }, // revoked over a week ago
      { id: fam(3), userId, lastUsedAt: ago(DAY), revokedAt: ago(2 * DAY) }, // revoked recently: kept
      { id: fam(4), userId, lastUsedAt: ago((REFRESH_TOKEN_TTL_DAYS + 8) * DAY) }, // its last token expired 8 days ago
      { id: fam(5), userId, lastUsedAt: ago((REFRESH_TOKEN_TTL_DAYS + 6) * DAY) }, // expired 6 days ago: kept
    ]);
    await t.ctx.db.insert(sessions).values([
      { userId, familyId: fam(1), tokenHash: 'live', expiresAt: new Date(t.clock.now.getTime() + DAY) },
      { userId, familyId: fam(1), tokenHash: 'expired', expiresAt: ago(1000) },
      { userId, familyId: fam(2), tokenHash: 'revoked-old', expiresAt: new Date(t.clock.now.getTime() + DAY), revokedAt: ago(8 * DAY) },
      { userId, familyId: fam(3), tokenHash: 'revoked-new', expiresAt: new Date(t.clock.now.getTime() + DAY), revokedAt: ago(2 * DAY) },
    ]);
    const r = await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas', { batchSize: 1 });
    expect(r).toMatchObject({ sessions: 2, loginSessions: 2, more: false });
    expect(await names('sessions', 'token_hash')).toEqual(['live', 'revoked-new']);
    expect(await names('login_sessions', 'id')).toEqual([fam(1), fam(3), fam(5)]);
  });

  it('deletes sent mails and sent or failed Telegram messages older than 7 days; keeps pending and recent ones', async () => {
    const mail = (subject: string, sentAt: Date | null) => ({
      to: 'ana@example.com',
      subject,
      text: 'link',
      html: 'link',
      sentAt,
      createdAt: ago(30 * DAY),
    });
    await t.ctx.db.insert(emailOutbox).values([mail('sent-old', ago(8 * DAY)), mail('sent-new', ago(6 * DAY)), mail('pending', null)]);
    const msg = (dedupeKey: string, sentAt: Date | null, failedAt: Date | null) => ({
      userId,
      dedupeKey,
      text: 'x',
      sentAt,
      failedAt,
      createdAt: ago(30 * DAY),
    });
    await t.ctx.db
      .insert(telegramMessages)
      .values([
        msg('sent-old', ago(8 * DAY), null),
        msg('failed-old', null, ago(8 * DAY)),
        msg('sent-new', ago(DAY), null),
        msg('pending', null, null),
      ]);
    const r = await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas');
    expect(r).toMatchObject({ emailOutbox: 1, telegramMessages: 2 });
    expect(await names('email_outbox', 'subject')).toEqual(['pending', 'sent-new']);
    expect(await names('telegram_messages', 'dedupe_key')).toEqual(['pending', 'sent-new']);
  });

  it('keeps the last rate snapshot of each day per source (in APP_TIMEZONE) beyond 7 days, and every recent one', async () => {
    // Caracas is UTC-4: 2026-03-01T02:00Z is still Feb 28 there, so it is the last of Feb 28.
    const at = (source: string, promedio: string, iso: string) => ({ source, fuente: source, promedio, fetchedAt: new Date(iso) });
    await t.ctx.db.insert(rateSnapshots).values([
      at('paralelo', '1', '2026-02-28T13:00:00Z'),
      at('paralelo', '2', '2026-03-01T02:00:00Z'), // last of Feb 28 (Caracas)
      at('oficial', '3', '2026-02-28T20:00:00Z'), // the only oficial of its day
      at('paralelo', '4', '2026-03-01T15:00:00Z'),
      at('paralelo', '5', '2026-03-01T23:00:00Z'), // last of Mar 1
      at('paralelo', '6', '2026-03-18T10:00:00Z'), // recent: all kept
      at('paralelo', '7', '2026-03-18T11:00:00Z'),
    ]);
    const r = await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas', { batchSize: 1 });
    expect(r).toMatchObject({ rateSnapshots: 2, more: false });
    expect(await names('rate_snapshots', 'promedio')).toEqual(['2', '3', '5', '6', '7']);
  });

  it('is bounded: a run stops after maxBatches and says more is left', async () => {
    await t.ctx.db.insert(idempotencyKeys).values(Array.from({ length: 5 }, (_, i) => ({ userId, key: `k${i}`, createdAt: ago(9 * DAY) })));
    expect(await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas', { batchSize: 2, maxBatches: 2 })).toMatchObject({
      idempotencyKeys: 4,
      more: true,
    });
    expect(await purgeRetention(t.ctx.db, t.clock.now, 'America/Caracas', { batchSize: 2, maxBatches: 2 })).toMatchObject({
      idempotencyKeys: 1,
      more: false,
    });
  });
});
