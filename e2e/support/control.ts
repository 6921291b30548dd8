import { inject } from 'vitest';
import type { CapturedMail } from '../../apps/server/test/support/smtp-sink.ts';
import type { FakeRoute } from '../../apps/server/test/support/fake-rates.ts';
import type { FakeKey } from '../../apps/server/test/support/fake-binance.ts';

/** The newest mail the server sent to `to` (captured by the SMTP sink) that matches, waiting for it. */
export async function waitForMail(to: string, match?: RegExp, timeoutMs = 15_000, notBefore?: Date): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('controlURL')}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as CapturedMail[];
    // Newest first: a resent mail replaces the link of the earlier one.
    const found = mails.reverse().find((m) => (!match || match.test(m.raw)) && (!notBefore || new Date(m.receivedAt) >= notBefore));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

export async function setRatesRoute(path: string, route: FakeRoute): Promise<void> {
  await fetch(`${inject('controlURL')}/rates`, { method: 'POST', body: JSON.stringify({ path, route }) });
}

/** Gives the fake Binance a key with its restrictions and orders (docs/product.md#binance-sync). */
export async function addBinanceKey(key: FakeKey): Promise<void> {
  await fetch(`${inject('controlURL')}/binance/key`, { method: 'POST', body: JSON.stringify(key) });
}
