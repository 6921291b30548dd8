/** An upstream answered badly (HTTP error, not JSON, wrong shape): the caller falls back. */
export class UpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

/**
 * GETs a JSON document, giving up after `timeoutMs` (the abort also covers reading the body, so
 * an upstream that stalls mid-answer cannot hold a request either).
 */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new UpstreamError(`${url}: ${err instanceof Error ? err.name : 'fetch failed'}`, { cause: err });
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(`${url}: HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch (err) {
    throw new UpstreamError(`${url}: invalid JSON body`, { cause: err });
  }
}
