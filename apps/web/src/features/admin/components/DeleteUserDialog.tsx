import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { messages, type AdminUser } from '@arb/shared';

interface Props {
  user: AdminUser | null;
  isSelf: boolean;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** docs/product.md#screens delete confirmation: cannot be undone, removes records, transactions and data; never self. */
export function DeleteUserDialog({ user, isSelf, busy, error, onConfirm, onClose }: Props) {
  return (
    <Dialog open={Boolean(user)} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Eliminar Usuario</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {isSelf ? (
          <Alert severity="warning">{messages.cannotDeleteSelf}</Alert>
        ) : (
          <>
            <DialogContentText gutterBottom>
              ¿Estás seguro de que deseas eliminar a <strong>{user?.user_name}</strong> ({user?.email})?
            </DialogContentText>
            <Alert severity="error">Esta acción no se puede deshacer. Se eliminarán todos sus registros, transacciones y datos.</Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy || isSelf}>
          {busy ? 'Eliminando...' : 'Eliminar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
