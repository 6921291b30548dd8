import { messages, reportesMessages } from '@arb/shared';
import { ApiError, expireSession, refreshSession } from '../../../shared/lib/api-client';
import { filenameFromDisposition, type ExportedFile } from '../../../shared/lib/download';
import { getAccessToken, isTokenExpired } from '../../../shared/lib/session';
import { reportePath } from './get-reporte-mensual';

export type FormatoArchivo = 'xlsx' | 'pdf';

const TYPES: Record<FormatoArchivo, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Bytes received, and the total when the server said it (the PDF does; the streamed workbook does not). */
export interface Progress {
  received: number;
  total: number | null;
}

async function send(path: string, signal?: AbortSignal): Promise<Response> {
  const token = getAccessToken();
  try {
    return await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, ...(signal ? { signal } : {}) });
  } catch {
    throw new ApiError(messages.requestConnectionError, 0, 'NETWORK');
  }
}

/**
 * Downloads a month's file reading the body chunk by chunk, so the page shows progress
 * (DESIGN §25). The session is kept as api() keeps it: a token about to expire is refreshed first
 * and a 401 is retried once with a fresh one. Anything but the asked type is an error.
 */
export async function downloadReporte(
  ledgerId: string,
  mes: string,
  formato: FormatoArchivo,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const path = reportePath(ledgerId, mes, formato);
  if (isTokenExpired(getAccessToken())) await refreshSession().catch(() => false);
  let res = await send(path, signal);
  if (res.status === 401) {
    if (!(await refreshSession().catch(() => false))) {
      expireSession();
      throw new ApiError(messages.sessionExpired, 401, 'SESSION_EXPIRED');
    }
    res = await send(path, signal);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(body.error || reportesMessages.reportesErrorDescarga, res.status, body.code ?? `HTTP_${res.status}`);
  }
  if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith(TYPES[formato]))
    throw new ApiError(reportesMessages.reportesErrorDescarga, res.status, 'BAD_TYPE');
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const blob = reader ? new Blob(parts as BlobPart[], { type: TYPES[formato] }) : await res.blob();
  const filename = filenameFromDisposition(res.headers.get('content-disposition')) ?? `arbitraje-registro-${mes}.${formato}`;
  return { blob, filename };
}
