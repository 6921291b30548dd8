import { asc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema.ts';
import type { TestApp } from './test-app.ts';

export const STRONG_PASSWORD = 'Secreta123!';

/** Signs up through the API (the real flow, unlike createUser). */
export async function register(t: TestApp, opts: { email: string; password?: string; user_name?: string }) {
  return t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: opts.email, password: opts.password ?? STRONG_PASSWORD, user_name: opts.user_name ?? opts.email.split('@')[0] },
  });
}

/** The mails queued for `to`, oldest first (read from the outbox: no SMTP in these tests). */
export async function outboxTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id));
}

/** The token of the last `/verify-email` or `/reset-password` link mailed to `to`. */
export async function lastToken(t: TestApp, to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const mails = (await outboxTo(t, to)).filter((m) => m.text.includes(`${path}?token=`));
  const last = mails.at(-1);
  if (!last) throw new Error(`no ${path} mail to ${to}`);
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(last.text);
  return m![1]!;
}

export async function loginReq(t: TestApp, email: string, password = STRONG_PASSWORD, remoteAddress?: string) {
  return t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** Registers, verifies through the mailed link and logs in. */
export async function signedUp(t: TestApp, email: string) {
  await register(t, { email });
  const token = await lastToken(t, email, '/verify-email');
  await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const res = await loginReq(t, email);
  return res.json() as { user: { id: string; role: string }; token: string; refreshToken: string };
}
