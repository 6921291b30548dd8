import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import type { AdminUser, Role } from '@arb/shared';

interface Props {
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  onChange(role: Role): void;
  onClose(): void;
}

/** docs/product.md#screens: a select with 'Usuario Normal' and 'Administrador'; choosing changes the role at once. */
export function RoleDialog({ user, busy, error, onChange, onClose }: Props) {
  return (
    <Dialog open={Boolean(user)} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Cambiar Rol</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Typography gutterBottom>
          {user?.user_name} ({user?.email})
        </Typography>
        <FormControl fullWidth sx={{ mt: 2 }}>
          <InputLabel id="role-select-label">Rol</InputLabel>
          <Select
            labelId="role-select-label"
            label="Rol"
            value={user?.role ?? 'USER'}
            disabled={busy}
            onChange={(e) => {
              const role = e.target.value as Role;
              if (user && role !== user.role) onChange(role);
            }}
          >
            <MenuItem value="USER">Usuario Normal</MenuItem>
            <MenuItem value="ADMIN">Administrador</MenuItem>
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
