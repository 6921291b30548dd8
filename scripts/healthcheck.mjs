#!/usr/bin/env node
/**
 * The container's HEALTHCHECK (Dockerfile): exits 0 when `GET /api/health` answers 200 with
 * `{"status":"ok"}` within 4 s, else 1 (503 while the database does not answer, docs/operations.md).
 * Plain Node, no dependencies. HEALTHCHECK_URL overrides the address (default: this machine's PORT).
 */
const url = process.env.HEALTHCHECK_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}/api/health`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4_000) });
  const body = await res.json().catch(() => ({}));
  if (res.status === 200 && body.status === 'ok') process.exit(0);
  console.error(`${url}: ${res.status} ${JSON.stringify(body)}`);
} catch (err) {
  console.error(`${url}: ${err instanceof Error ? err.message : String(err)}`);
}
process.exit(1);
