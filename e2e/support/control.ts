import { inject } from 'vitest';
import type { CapturedMail } from '../../apps/server/test/support/smtp-sink.ts';
import type { FakeRoute } from '../../apps/server/test/support/fake-rates.ts';

/** Mails the server sent to `to` (captured by the SMTP sink), waiting until one matches. */
export async function waitForMail(to: string, match?: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('controlURL')}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as CapturedMail[];
    const found = mails.find((m) => !match || match.test(m.raw));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

export async function setRatesRoute(path: string, route: FakeRoute): Promise<void> {
  await fetch(`${inject('controlURL')}/rates`, { method: 'POST', body: JSON.stringify({ path, route }) });
}
