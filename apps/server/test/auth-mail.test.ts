import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { emailOutbox } from '../src/db/schema.ts';
import { queueEmail } from '../src/services/mail/queue-email.ts';
import { backoffMs, createMailSender } from '../src/services/mail/sender.ts';
import { verificationEmail } from '../src/services/mail/verification-email.ts';
import { outboxTo, register } from './support/auth.ts';
import { linkFrom, startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const until = async (cond: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const silentLog = (lines: unknown[] = []) => {
  const log = { info: (...a: unknown[]) => lines.push(a), warn: (...a: unknown[]) => lines.push(a) } as unknown as FastifyBaseLogger;
  return log;
};

describe('email outbox and sender', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('a down SMTP server does not fail the registration; the mail goes out once it comes back', async () => {
    const port = await freePort();
    const t: TestApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanup.push(() => t.close());
    const res = await register(t, { email: 'down@example.com' });
    expect(res.statusCode).toBe(201);
    // The first attempt fails (nothing listens) and is rescheduled, not dropped.
    await until(async () => {
      const [row] = await outboxTo(t, 'down@example.com');
      return Boolean(row && row.attempts >= 1 && row.lastError);
    });
    const [failed] = await outboxTo(t, 'down@example.com');
    expect(failed!.sentAt).toBeNull();

    const sink: SmtpSink = await startSmtpSink(port);
    cleanup.push(() => sink.close());
    const mail = await sink.waitFor('down@example.com', /verify-email\?token=/, 15_000);
    expect(mail.raw).toContain('Subject: Verifica tu email');
    expect(mail.from).toBe('no-reply@localhost');
    expect(linkFrom(mail, '/verify-email')).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    await until(async () => Boolean((await outboxTo(t, 'down@example.com'))[0]!.sentAt));
    expect(sink.mails.filter((m) => m.to.includes('down@example.com'))).toHaveLength(1);
  });

  it('a sent mail keeps no link in the database (issue 36: backups held working reset links)', async () => {
    const sink = await startSmtpSink();
    cleanup.push(() => sink.close());
    const t = await createTestApp({ SMTP_URL: sink.url });
    cleanup.push(() => t.close());
    await register(t, { email: 'olvido@example.com' });
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'olvido@example.com' } });
    const link = linkFrom(await sink.waitFor('olvido@example.com', /reset-password\?token=/), '/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    await until(async () => (await outboxTo(t, 'olvido@example.com')).every((m) => m.sentAt !== null));
    const rows = await outboxTo(t, 'olvido@example.com');
    expect(rows.map((m) => m.subject)).toEqual(['Verifica tu email - Arbitraje USD/VES', 'Restablece tu contraseña - Arbitraje USD/VES']);
    for (const row of rows) expect(`${row.text}${row.html}`).toBe('');
    // The link still works: only the stored copy is gone.
    const reset = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'OtraClave123!' } });
    expect(reset.statusCode).toBe(200);
  });

  it('delivers right after the commit, as plain text and HTML', async () => {
    const sink = await startSmtpSink();
    cleanup.push(() => sink.close());
    const t = await createTestApp({ SMTP_URL: sink.url });
    cleanup.push(() => t.close());
    const started = Date.now();
    await register(t, { email: 'fast@example.com', user_name: 'Rápido <b>' });
    const mail = await sink.waitFor('fast@example.com');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('&lt;b&gt;,</p>'); // the name is escaped in the HTML part
  });

  it('without SMTP_URL the message and its link are written to the log and counted as sent', async () => {
    const t = await createTestApp();
    cleanup.push(() => t.close());
    const lines: unknown[] = [];
    await t.app.close(); // stop the app's own sender; drive one by hand
    const sender = createMailSender({ db: t.ctx.db, smtpUrl: undefined, from: 'x <x@x>', log: silentLog(lines), pollMs: 50 });
    await queueEmail(t.ctx.db, verificationEmail({ email: 'log@example.com', user_name: 'Log' }, 'tok123', 'http://app.test'));
    sender.start();
    await until(async () => lines.length > 0);
    await sender.stop();
    expect(JSON.stringify(lines)).toContain('http://app.test/verify-email?token=tok123');
    const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'log@example.com'));
    expect(row!.sentAt).not.toBeNull();
  });

  it('two senders on one database deliver each message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const sink = await startSmtpSink();
    cleanup.push(() => sink.close());
    const t = await createTestApp();
    cleanup.push(() => t.close());
    await t.app.close();
    for (let i = 0; i < 30; i++) await queueEmail(t.ctx.db, { to: `m${i}@example.com`, subject: `n${i}`, text: 't', html: '<p>t</p>' });
    const senders = [1, 2].map(() =>
      createMailSender({ db: t.ctx.db, smtpUrl: sink.url, from: 'x <x@example.com>', log: silentLog(), pollMs: 20, batchSize: 3 }),
    );
    senders.forEach((s) => s.start());
    await until(async () => sink.mails.length >= 30, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(senders.map((s) => s.stop()));
    const recipients = sink.mails.map((m) => m.to[0]).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
  });

  it('a closed app sends nothing more (the sender stops with it)', async () => {
    const sink = await startSmtpSink();
    cleanup.push(() => sink.close());
    const t = await createTestApp({ SMTP_URL: sink.url });
    cleanup.push(() => t.close());
    await t.app.close();
    await queueEmail(t.ctx.db, { to: 'after@example.com', subject: 's', text: 't', html: 'h' });
    await new Promise((r) => setTimeout(r, 1_200));
    expect(sink.mails).toHaveLength(0);
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1_000, 3_600_000))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(30, 1_000, 3_600_000)).toBe(3_600_000);
  });
});
