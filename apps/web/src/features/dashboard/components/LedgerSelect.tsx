import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import type { Ledger } from '../api/types';

interface Props {
  ledgers: Ledger[];
  value: string;
  onChange(ledgerId: string): void;
}

/** Which ledger (group) the dashboard shows. */
export function LedgerSelect({ ledgers, value, onChange }: Props) {
  return (
    <FormControl fullWidth size="small">
      <InputLabel id="ledger-select-label">Registro</InputLabel>
      <Select labelId="ledger-select-label" id="ledger-select" label="Registro" value={value} onChange={(e) => onChange(e.target.value)}>
        {ledgers.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
