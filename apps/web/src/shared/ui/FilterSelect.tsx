import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  /** '' is "everything": the first option, named by `allLabel` ("Todas", "Todos"). */
  value: string;
  onChange(value: string): void;
  allLabel: string;
  options: ReadonlyArray<FilterOption>;
  /**
   * The browser's own select — the phone's picker, plain keyboard use — instead of MUI's menu
   * (docs/product.md#screens); the Cuentas page's dialogs use native selects too.
   */
  native?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * One filter of a list: a labelled select whose first option is "everything" (empty value), the
 * label always above it so "Todas" reads as the choice. Used by "Buscar operaciones" and the
 * Cuentas page's account filter.
 */
export function FilterSelect({ label, value, onChange, allLabel, options, native = false, sx }: Props) {
  const all = [{ value: '', label: allLabel }, ...options];
  return (
    <TextField
      size="small"
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: native ? { native: true } : { displayEmpty: true }, inputLabel: { shrink: true } }}
      {...(sx ? { sx } : {})}
    >
      {all.map((o) =>
        native ? (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ) : (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}
