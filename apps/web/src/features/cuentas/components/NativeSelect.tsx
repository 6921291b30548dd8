import { TextField } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
}

/** A labelled native select: the phone's own picker, and plain keyboard use (docs/product.md#screens). */
export function NativeSelect({ label, value, onChange, options, error }: Props) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
