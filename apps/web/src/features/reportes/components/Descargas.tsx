import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { reportesMessages, tr } from '@arb/shared';
import type { FormatoArchivo, Progress } from '../api/download-reporte';
import type { DownloadState } from '../hooks/use-download';

/** "45 %" when the size is known, else the kilobytes received so far. */
function progressText(p: Progress): string {
  if (p.total) return `${Math.min(100, Math.floor((p.received * 100) / p.total))} %`;
  return `${Math.floor(p.received / 1024)} KB`;
}

/** The month's two files, with progress while one comes (DESIGN §25). */
export function Descargas({ state, onDownload }: { state: DownloadState; onDownload: (f: FormatoArchivo) => void }) {
  const a = state.activo;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<DownloadIcon />} disabled={a !== null} onClick={() => onDownload('xlsx')}>
          {reportesMessages.reportesDescargarExcel}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={a !== null} onClick={() => onDownload('pdf')}>
          {reportesMessages.reportesDescargarPdf}
        </Button>
      </Stack>
      {a && (
        <Box role="status">
          <Typography variant="body2">{tr('reportesDescargando', { pct: progressText(a.progress) })}</Typography>
          <LinearProgress
            aria-label={tr('reportesDescargando', { pct: progressText(a.progress) })}
            {...(a.progress.total
              ? { variant: 'determinate' as const, value: Math.min(100, (a.progress.received * 100) / a.progress.total) }
              : {})}
          />
        </Box>
      )}
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {state.hecho && (
        <Alert severity="success" role="status">
          {reportesMessages.reportesDescargado}
        </Alert>
      )}
    </Stack>
  );
}
