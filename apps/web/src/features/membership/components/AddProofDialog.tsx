import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { messages, NOTES_MAX } from '@arb/shared';
import { useAddProof } from '../api/add-proof';
import { actionError } from '../lib/action-error';
import { imageDecodes } from '../lib/image-decodes';
import { validateProofFile } from '../lib/validate-proof-file';

interface Props {
  open: boolean;
  onClose(): void;
  onAdded(message: string): void;
}

/** docs/product.md#screens 'Agregar Comprobante': image picker, preview, checks before upload, optional note. */
export function AddProofDialog({ open, onClose, onAdded }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The picked file has an image type but does not decode (issue 25): no preview, no upload. */
  const [undecodable, setUndecodable] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = useAddProof();

  // Preview only what decodes as an image. The preview is an object URL: release it when the file
  // changes or the dialog goes away.
  useEffect(() => {
    setPreview(null);
    setUndecodable(false);
    if (!file || validateProofFile(file)) return;
    let cancelled = false;
    let url: string | null = null;
    void imageDecodes(file).then((ok) => {
      if (cancelled) return;
      if (!ok) {
        setUndecodable(true);
        setError(messages.proofNotImage);
        return;
      }
      url = URL.createObjectURL(file);
      setPreview(url);
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const reset = () => {
    setFile(null);
    setNote('');
    setError(null);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };

  const pick = (picked: File | null) => {
    setFile(picked);
    setError(picked ? validateProofFile(picked) : null);
  };

  const submit = async () => {
    const problem = validateProofFile(file) ?? (undecodable ? messages.proofNotImage : null);
    if (problem || !file) {
      setError(problem);
      return;
    }
    try {
      await add.mutateAsync({ file, note });
      reset();
      onAdded(messages.proofAddSuccess);
    } catch (err) {
      setError(actionError(err, messages.proofAddError, messages.proofAddConnectionError));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Agregar Comprobante</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="proof-file-input"
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
        />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} fullWidth>
          {file ? 'Cambiar Imagen' : 'Seleccionar Imagen'}
        </Button>
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 1 }}>
          {messages.proofHint}
        </Typography>
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}
          </Typography>
        )}
        {preview && (
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Box
              component="img"
              src={preview}
              alt="Vista previa del comprobante"
              sx={{ maxWidth: '100%', maxHeight: 300, borderRadius: 1 }}
            />
          </Box>
        )}
        <TextField
          label="Nota (opcional)"
          placeholder="Ej: Pago móvil del 15/11, Banco de Venezuela, referencia 012345"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          rows={3}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: NOTES_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={add.isPending}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={submit} disabled={add.isPending}>
          {add.isPending ? 'Subiendo...' : 'Subir Comprobante'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
