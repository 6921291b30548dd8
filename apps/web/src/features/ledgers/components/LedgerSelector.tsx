import { TextField } from '@mui/material';
import { useAuth } from '../../../shared/auth/auth-context';
import { useLedgers } from '../api/get-ledgers';

interface LedgerSelectorProps {
  value: string | null;
  onChange(ledgerId: string): void;
  disabled?: boolean;
}

/**
 * A select of the user's ledgers (the dashboard's left column): the browser's own, so a phone
 * opens its system picker. MUI's menu select set its state from a ref while React committed the
 * dashboard's tools, a synchronous re-render that brought the commit's passive effects into the
 * same long task (docs/decisions/0026-the-tools-task-and-a-slower-machine.md).
 */
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
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {selected === '' && <option value="" disabled />}
      {options.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
          {l.ownerId !== user?.id ? ` · ${l.owner.user_name}` : ''}
        </option>
      ))}
    </TextField>
  );
}
