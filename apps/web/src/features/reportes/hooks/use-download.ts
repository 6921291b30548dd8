import { useCallback, useRef, useState } from 'react';
import { reportesMessages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { saveFile } from '../../../shared/lib/download';
import { downloadReporte, type FormatoArchivo, type Progress } from '../api/download-reporte';

export interface DownloadState {
  /** Which file is coming, with its progress; null when idle. */
  activo: { formato: FormatoArchivo; progress: Progress } | null;
  error: string | null;
  hecho: boolean;
}

/** One download at a time per page, with its progress, its Spanish error, and "Informe descargado". */
export function useDownload(ledgerId: string, mes: string) {
  const [state, setState] = useState<DownloadState>({ activo: null, error: null, hecho: false });
  const busy = useRef(false);
  const start = useCallback(
    async (formato: FormatoArchivo) => {
      if (busy.current) return;
      busy.current = true;
      setState({ activo: { formato, progress: { received: 0, total: null } }, error: null, hecho: false });
      try {
        const file = await downloadReporte(ledgerId, mes, formato, (progress) =>
          setState((s) => ({ ...s, activo: { formato, progress } })),
        );
        saveFile(file);
        setState({ activo: null, error: null, hecho: true });
      } catch (err) {
        setState({
          activo: null,
          error: errorMessage(err, reportesMessages.reportesErrorDescarga, reportesMessages.reportesErrorDescarga),
          hecho: false,
        });
      } finally {
        busy.current = false;
      }
    },
    [ledgerId, mes],
  );
  const dismiss = useCallback(() => setState((s) => ({ ...s, hecho: false, error: null })), []);
  return { state, start, dismiss };
}
