import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_BYTES, messages, t, type IMPORT_ZONES, type ImportPreview } from '@arb/shared';
import { operacionesTexto } from '../../shared/lib/operaciones-texto';
import { errorMessage } from '../../shared/lib/api-client';
import { commitImport, importsQueryKey, previewImport, useImportCuentas, type ImportCuentas } from './api';
import { cuentaOptions, readCuentaChoice } from '../../shared/lib/cuenta-choice';
import { ImportPreviewTable } from './ImportPreviewTable';

interface Props {
  ledgerId: string;
  /** The ledger's profit method (docs/product.md#profit-method-and-position); absent means por_operacion. */
  metodoGanancia?: string | undefined;
  isOwner: boolean;
  /** Switches the ledger to costo promedio (owner only); offered, never done silently. */
  onSwitchToAverage?: (() => Promise<void>) | undefined;
  /** Refreshes what the new rows touched (the dashboard's day). */
  onImported: () => Promise<void>;
  onClose: () => void;
  onDone: (message: string) => void;
}

type Zone = (typeof IMPORT_ZONES)[number];

/** "Importar de Binance" (docs/product.md#binance-import): file, zone, preview, then one all-or-nothing import. */
export function ImportBinanceDialog({ ledgerId, metodoGanancia, isOwner, onSwitchToAverage, onImported, onClose, onDone }: Props) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [zone, setZone] = useState<Zone>('America/Caracas');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | 'switch' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const oneSided = (metodoGanancia ?? 'por_operacion') === 'por_operacion';
  // One account per side for the file's orders, offered when the ledger has accounts; starts from
  // the form's last choice for this ledger (docs/product.md#cuentas-y-movimientos).
  const cuentasQuery = useImportCuentas(ledgerId);
  const cuentas = cuentasQuery.data?.cuentas ?? [];
  const [chosen, setChosen] = useState<ImportCuentas | null>(null);
  const accounts: ImportCuentas = chosen ?? (cuentas.length > 0 ? readCuentaChoice(ledgerId, cuentas) : { ves: '', usd: '' });

  const load = async (f: File | null, z: Zone, a: ImportCuentas = accounts) => {
    setPreview(null);
    setError(null);
    if (!f) return;
    setBusy('preview');
    try {
      setPreview(await previewImport(ledgerId, f, z, a));
    } catch (err) {
      setError(errorMessage(err, messages.requestError));
    } finally {
      setBusy(null);
    }
  };

  const doImport = async () => {
    if (!file) return;
    setBusy('commit');
    setError(null);
    try {
      const { batch } = await commitImport(ledgerId, file, zone, accounts);
      await Promise.all([onImported(), queryClient.invalidateQueries({ queryKey: importsQueryKey(ledgerId) })]);
      onDone(t('importDone', { n: operacionesTexto(batch.created) }));
    } catch (err) {
      setError(errorMessage(err, messages.requestError));
    } finally {
      setBusy(null);
    }
  };

  const switchMethod = async () => {
    if (!onSwitchToAverage) return;
    setBusy('switch');
    try {
      await onSwitchToAverage();
    } catch (err) {
      setError(errorMessage(err, messages.requestError));
    } finally {
      setBusy(null);
    }
  };

  const n = preview?.counts.new ?? 0;
  // The preview answers the first rows only (docs/product.md#upload-limits); its counts cover the file.
  const total = preview ? preview.counts.new + preview.counts.duplicate + preview.counts.skipped : 0;
  return (
    <Dialog open onClose={busy === 'commit' ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{messages.importDialogTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box>
            <Button variant="outlined" component="label" disabled={busy !== null}>
              {messages.importChooseFile}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="import-file"
                onChange={(e) => {
                  const picked = e.target.files?.[0] ?? null;
                  // Let the same file be picked again after a refusal.
                  e.target.value = '';
                  // Refused here, before any upload (docs/product.md#upload-limits); the server refuses it again.
                  const f = picked && picked.size > IMPORT_MAX_BYTES ? null : picked;
                  setFile(f);
                  void load(f, zone);
                  if (picked && !f) setError(messages.importTooLarge);
                }}
              />
            </Button>
            {file && (
              <Typography component="span" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2">{messages.importZone}</Typography>
            <RadioGroup
              row
              value={zone}
              onChange={(e) => {
                const z = e.target.value as Zone;
                setZone(z);
                void load(file, z);
              }}
            >
              <FormControlLabel value="America/Caracas" control={<Radio />} label={messages.importZoneCaracas} />
              <FormControlLabel value="UTC" control={<Radio />} label={messages.importZoneUtc} />
            </RadioGroup>
          </Box>
          {cuentas.length > 0 && (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {(['ves', 'usd'] as const).map((side) => (
                <TextField
                  key={side}
                  select
                  label={side === 'ves' ? 'Cuenta Bs' : 'Cuenta USD'}
                  size="small"
                  value={accounts[side]}
                  disabled={busy !== null}
                  onChange={(e) => {
                    const next = { ...accounts, [side]: e.target.value };
                    setChosen(next);
                    void load(file, zone, next);
                  }}
                  helperText={messages.importCuentasHelp}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {cuentaOptions(cuentas, side === 'ves' ? 'VES' : 'USD').map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </TextField>
              ))}
            </Box>
          )}
          {oneSided && (
            <Alert
              severity="info"
              action={
                isOwner && onSwitchToAverage ? (
                  <Button color="inherit" size="small" onClick={() => void switchMethod()} disabled={busy !== null}>
                    {messages.importSwitchToAverage}
                  </Button>
                ) : undefined
              }
            >
              {messages.importOneSided}
            </Alert>
          )}
          {busy === 'preview' && <LinearProgress aria-label={messages.importPreviewing} />}
          {error && <Alert severity="error">{error}</Alert>}
          {preview && (
            <>
              <Stack direction="row" spacing={1}>
                <Chip color="success" label={t('importChipNew', { n: preview.counts.new })} />
                <Chip label={t('importChipDuplicate', { n: preview.counts.duplicate })} />
                <Chip color="warning" label={t('importChipSkipped', { n: preview.counts.skipped })} />
              </Stack>
              {preview.rows.length < total && (
                <Typography variant="body2" color="textSecondary">
                  {t('importPreviewCapped', { shown: preview.rows.length, total })}
                </Typography>
              )}
              <ImportPreviewTable rows={preview.rows} />
            </>
          )}
          {busy === 'commit' && <LinearProgress aria-label={t('importCommit', { n: operacionesTexto(n) })} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy === 'commit'}>
          {messages.membershipCancel}
        </Button>
        <Button variant="contained" onClick={() => void doImport()} disabled={!preview || n === 0 || busy !== null}>
          {t('importCommit', { n: operacionesTexto(n) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
