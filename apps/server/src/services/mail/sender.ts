import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { onOutboxNotified } from './queue-email.ts';

export interface MailSenderOptions {
  db: Db;
  /** Unset: mails are written to the log with their links and counted as sent (docs/architecture.md). */
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  batchSize?: number;
}

export interface MailSender {
  start(): void;
  /** Drains the outbox now (after a commit) instead of waiting for the next poll. */
  kick(): void;
  /** Stops polling and waits for a delivery in progress. */
  stop(): Promise<void>;
}

/** While a claimed mail is being delivered no other sender retries it; a crash frees it after this. */
const LEASE_SECONDS = 120;

/** Retry n waits base·2^(n-1), at most max: 1 s, 2 s, 4 s … 1 h. A message is never dropped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The outbox sender (docs/product.md#reliability-rules): claims due rows with FOR UPDATE SKIP LOCKED, so any number of
 * instances can run one, delivers them through SMTP and reschedules failures with exponential
 * backoff. A down SMTP server only delays mail.
 */
export function createMailSender(opts: MailSenderOptions): MailSender {
  const pollMs = opts.pollMs ?? 500;
  const baseMs = opts.backoffBaseMs ?? 1_000;
  const maxMs = opts.backoffMaxMs ?? 3_600_000;
  const batchSize = opts.batchSize ?? 10;
  let transport: Transporter | undefined;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;
  let unsubscribe: (() => void) | undefined;

  const deliver = async (mail: { to: string; subject: string; text: string; html: string }) => {
    if (!opts.smtpUrl) {
      opts.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'email (SMTP_URL sin configurar: solo registrado)');
      return;
    }
    transport ??= nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  };

  const claim = async () => {
    const due = opts.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return opts.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(inArray(emailOutbox.id, due))
      .returning();
  };

  const drain = async () => {
    for (;;) {
      const batch = await claim();
      for (const mail of batch) {
        try {
          await deliver(mail);
          // A sent mail keeps no usable secret (docs/operations.md#backups): its body held a
          // verification or reset link, and the row stays 7 days for the retention purge.
          await opts.db
            .update(emailOutbox)
            .set({ sentAt: sql`now()`, lastError: null, text: '', html: '' })
            .where(eq(emailOutbox.id, mail.id));
        } catch (err) {
          const wait = backoffMs(mail.attempts, baseMs, maxMs);
          const message = err instanceof Error ? err.message : String(err);
          opts.log.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs: wait, err: message }, 'email delivery failed; will retry');
          await opts.db
            .update(emailOutbox)
            .set({ lastError: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})` })
            .where(eq(emailOutbox.id, mail.id));
        }
      }
      if (batch.length < batchSize || !running) return;
    }
  };

  const run = () => {
    if (!running) return;
    if (current) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    current = drain()
      .catch((err: unknown) => opts.log.warn({ err }, 'email outbox unavailable'))
      .finally(() => {
        current = undefined;
        if (!running) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, pollMs);
          timer.unref();
        }
      });
  };

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = onOutboxNotified(run);
      run();
    },
    kick: run,
    async stop() {
      running = false;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      await current;
      transport?.close();
      transport = undefined;
    },
  };
}
