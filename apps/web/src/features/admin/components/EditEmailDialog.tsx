import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { AdminUser } from '@arb/shared';

interface Props {
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  onSave(email: string): void;
  onClose(): void;
}

/** docs/product.md#screens: 'Nuevo Email'; update disabled while empty, unchanged or busy; re-verification note. */
export function EditEmailDialog({ user, busy, error, onSave, onClose }: Props) {
  return (
    <Dialog open={Boolean(user)} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      {/* Keyed by user so the field starts from that user's address each time. */}
      {user && <EditEmailForm key={user.id} user={user} busy={busy} error={error} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}

function EditEmailForm({ user, busy, error, onSave, onClose }: Props & { user: AdminUser }) {
  const [email, setEmail] = useState(user.email);
  const trimmed = email.trim();
  const disabled = busy || trimmed === '' || trimmed === user.email;
  return (
    <>
      <DialogTitle>Editar Email</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label="Nuevo Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
        <Alert severity="info" sx={{ mt: 2 }}>
          El usuario deberá verificar su nuevo email antes de volver a usar la aplicación. Le enviaremos un enlace de verificación.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" disabled={disabled} onClick={() => onSave(trimmed)}>
          {busy ? 'Actualizando...' : 'Actualizar Email'}
        </Button>
      </DialogActions>
    </>
  );
}
