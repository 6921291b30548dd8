import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime, messages, type BackupInfo } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { saveFile } from '../../../shared/lib/download';
import { downloadBackup, useBackups, useCreateBackup } from '../api/backups';

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** Bytes as people read them: "850 B", "12,3 KB", "4,1 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

interface Props {
  onDone(message: string): void;
}

/**
 * "Copias de seguridad" of the admin page (docs/operations.md#backups): the list (date, size,
 * rows), "Crear copia ahora", and a download after the admin re-enters the password (and a code
 * when two-factor is on): a copy holds every user's data.
 */
export function BackupsSection({ onDone }: Props) {
  const backups = useBackups();
  const create = useCreateBackup();
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<BackupInfo | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const createNow = async () => {
    setError(null);
    try {
      await create.mutateAsync();
      onDone(messages.backupsCreated);
    } catch (err) {
      setError(errorMessage(err, messages.backupFailed));
    }
  };

  const close = () => {
    setTarget(null);
    setPassword('');
    setCode('');
    setDialogError(null);
  };

  const download = async () => {
    if (!target) return;
    setDownloading(true);
    setDialogError(null);
    try {
      const file = await downloadBackup(target.id, { password, ...(code.trim() ? { code: code.trim() } : {}) });
      saveFile(file);
      close();
    } catch (err) {
      setDialogError(errorMessage(err, messages.backupNotFound));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="backups-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" id="backups-title">
          {messages.backupsTitle}
        </Typography>
        <Button variant="contained" onClick={() => void createNow()} disabled={create.isPending}>
          {messages.backupsCreateNow}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {backups.isError && <Alert severity="error">{errorMessage(backups.error, messages.backupsLoadError)}</Alert>}
      {backups.isPending ? (
        <CircularProgress aria-label={messages.backupsTitle} />
      ) : backups.data && backups.data.length === 0 ? (
        <Typography color="textSecondary">{messages.backupsEmpty}</Typography>
      ) : (
        backups.data && (
          // At 360 px the four columns with MUI's 16 px cell padding were 13 px wider than the page,
          // which then scrolled sideways (walk3): tighter cells, and the table scrolls by itself if ever needed.
          <TableContainer>
            <Table size="small" aria-labelledby="backups-title" sx={{ '& th, & td': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{messages.backupsDate}</TableCell>
                  <TableCell align="right">{messages.backupsSize}</TableCell>
                  <TableCell align="right">{messages.backupsRows}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {backups.data.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell>{formatDateTime(b.fecha) ?? b.fecha}</TableCell>
                    <TableCell align="right">{formatSize(b.tamano)}</TableCell>
                    <TableCell align="right">{b.filas.toLocaleString('es-ES')}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => setTarget(b)}
                        aria-label={`${messages.backupsDownload} ${formatDateTime(b.fecha) ?? b.id}`}
                      >
                        {messages.backupsDownload}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}

      <Dialog open={Boolean(target)} onClose={downloading ? undefined : close} fullWidth maxWidth="xs">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void download();
          }}
        >
          <DialogTitle>{messages.backupsDownloadTitle}</DialogTitle>
          <DialogContent>
            {dialogError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {dialogError}
              </Alert>
            )}
            <DialogContentText gutterBottom>{messages.backupsDownloadHelp}</DialogContentText>
            <TextField
              label={messages.backupsPassword}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
              required
              autoFocus
              margin="dense"
            />
            <TextField
              label={messages.backupsCode}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              fullWidth
              margin="dense"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={downloading}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" disabled={downloading || !password}>
              {messages.backupsDownload}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
