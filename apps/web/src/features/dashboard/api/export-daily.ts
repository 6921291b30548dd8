import { messages } from '@arb/shared';
import { ApiError, api } from '../../../shared/lib/api-client';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The name from Content-Disposition (RFC 5987 `filename*` first), or undefined. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* malformed: try the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/** docs/product.md#rates-and-export name, used when the server gives none. */
export function defaultExportName(ledgerName: string | undefined, fecha: string): string {
  return `arbitraje-${ledgerName || 'registro'}-${fecha}.xlsx`;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/** GET /api/transactions/export-daily as a file; anything but an xlsx answer is an error (docs/product.md#money). */
export async function exportDaily(ledgerId: string, fecha: string, ledgerName: string | undefined): Promise<ExportedFile> {
  const res = await api<Response>(
    `/api/transactions/export-daily?ledgerId=${encodeURIComponent(ledgerId)}&fecha=${encodeURIComponent(fecha)}`,
    messages.exportError,
    { raw: true },
  );
  const type = res.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith(XLSX_TYPE)) throw new ApiError(messages.exportNotExcel, res.status, 'NOT_EXCEL');
  const blob = await res.blob();
  return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition')) ?? defaultExportName(ledgerName, fecha) };
}

/** Hands the file to the browser's downloads. */
export function saveFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
