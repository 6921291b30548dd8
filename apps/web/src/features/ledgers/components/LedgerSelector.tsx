import { MenuItem, TextField } from '@mui/material';
import { useAuth } from '../../../shared/auth/auth-context';
import { useLedgers } from '../api/get-ledgers';

interface LedgerSelectorProps {
  value: string | null;
  onChange(ledgerId: string): void;
  disabled?: boolean;
}

/** A select of the user's ledgers (the dashboard's left column). */
export function LedgerSelector({ value, onChange, disabled = false }: LedgerSelectorProps) {
  const { user } = useAuth();
  const ledgers = useLedgers();
  const options = ledgers.data ?? [];
  const selected = options.some((l) => l.id === value) ? value : '';
  return (
    <TextField
      select
      label="Registro"
      size="small"
      fullWidth
      value={selected}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || options.length === 0}
    >
      {options.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.name}
          {l.ownerId !== user?.id ? ` · ${l.owner.user_name}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
