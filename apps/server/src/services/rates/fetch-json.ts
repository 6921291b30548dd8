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

/**
 * Like fetchJson for a document of unknown size (a rate history): the body is read as a stream and
 * dropped past `maxBytes`, so an upstream that answers endlessly costs at most that much memory.
 */
export async function fetchJsonBounded(url: string, timeoutMs: number, maxBytes: number): Promise<unknown> {
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    throw new UpstreamError(`${url}: ${err instanceof Error ? err.name : 'fetch failed'}`, { cause: err });
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(`${url}: HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new UpstreamError(`${url}: body larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new UpstreamError(`${url}: body larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(`${url}: ${err instanceof Error ? err.name : 'read failed'}`, { cause: err });
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (err) {
    throw new UpstreamError(`${url}: invalid JSON body`, { cause: err });
  }
}
