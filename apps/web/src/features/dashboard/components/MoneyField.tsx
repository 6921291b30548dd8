import { TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { toTwoDecimals } from '../lib/money-field';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoFocus?: boolean;
}

/** A numeric input (min 0, step 0.01) that shows 2 decimals on blur (SPEC §5, §9). */
export function MoneyField<T extends FieldValues>({ control, name, label, autoFocus }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={(e) => {
            field.onChange(toTwoDecimals(e.target.value));
            field.onBlur();
          }}
          inputRef={field.ref}
          name={field.name}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          autoFocus={autoFocus}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
        />
      )}
    />
  );
}
