import { messages } from '@arb/shared';
import { ApiError, api } from '../../../shared/lib/api-client';
import { filenameFromDisposition, type ExportedFile } from '../../../shared/lib/download';

// Moved to shared/lib/download.ts (the admin's backups download files too); re-exported for the dashboard.
export { filenameFromDisposition, saveFile, type ExportedFile } from '../../../shared/lib/download';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** docs/product.md#rates-and-export name, used when the server gives none. */
export function defaultExportName(ledgerName: string | undefined, fecha: string): string {
  return `arbitraje-${ledgerName || 'registro'}-${fecha}.xlsx`;
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
