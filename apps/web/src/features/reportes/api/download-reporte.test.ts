import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../shared/lib/session';
import { downloadReporte, type Progress } from './download-reporte';

const file = (headers: Record<string, string>) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(600));
        c.enqueue(new Uint8Array(400));
        c.close();
      },
    }),
    { status: 200, headers },
  );

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({
    token: `h.${payload}.s`,
    refreshToken: 'r',
    user: { id: 'u', email: 'a@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('downloadReporte: the body read chunk by chunk for the progress (DESIGN §25)', () => {
  it('reports bytes against Content-Length, sends the token, and keeps the RFC 5987 name', async () => {
    const fetchMock = vi.fn(async () =>
      file({
        'content-type': 'application/pdf',
        'content-length': '1000',
        'content-disposition': "attachment; filename*=UTF-8''arbitraje-%C3%91-2026-03.pdf",
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: Progress[] = [];
    const out = await downloadReporte('L1', '2026-03', 'pdf', (p) => seen.push(p));
    expect(seen).toEqual([
      { received: 600, total: 1000 },
      { received: 1000, total: 1000 },
    ]);
    expect(out.filename).toBe('arbitraje-Ñ-2026-03.pdf');
    expect(out.blob.size).toBe(1000);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ledgers/L1/reportes/mensual?mes=2026-03&formato=pdf');
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer h\./);
  });

  it('a streamed workbook without a length reports bytes only; a wrong content type is an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => file({ 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })),
    );
    const seen: Progress[] = [];
    await downloadReporte('L1', '2026-03', 'xlsx', (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ received: 1000, total: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => file({ 'content-type': 'text/html' })),
    );
    await expect(downloadReporte('L1', '2026-03', 'xlsx', () => {})).rejects.toThrow('No se pudo descargar el informe');
  });
});
