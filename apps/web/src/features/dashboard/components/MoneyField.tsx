import { memo, useState } from 'react';
import { TextField } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { padDecimals } from '@arb/shared';

interface Props {
  label: string;
  /** `register(name)` of the form. */
  field: UseFormRegisterReturn;
  error?: string | undefined;
  /** Stores the value shown with at least 2 decimals after leaving the field (never fewer digits than typed). */
  onFormat(value: string): void;
  autoFocus?: boolean;
  /** Whether the form holds a value: the label sits inside an empty field, above a filled one. */
  filled: boolean;
  /** The input's step (the fee has 8 decimals); 0.01 by default. */
  step?: string | undefined;
  /** Whether the form was submitted: `onFormat` validates then, so a new value draws the field again. */
  submitted?: boolean;
}

/**
 * Whether a field would draw the same: its form draws it again on every change of the form's
 * state, with a new `register()` object and a new `onFormat` each time. Both do the same for the
 * same field name (register's handlers find the field by its name) and the same `submitted`, so
 * they are not compared. React Hook Form draws the form a second time right after mounting it
 * (to mark it ready): each TextField was drawn twice, the dashboard's last long task after its
 * first paint (docs/decisions/0023-plain-rows.md).
 */
export function sameField<P extends { field: UseFormRegisterReturn }>(a: P, b: P, ignore: ReadonlyArray<keyof P> = []): boolean {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof P>) {
    if (key === 'field' || ignore.includes(key)) continue;
    if (!Object.is(a[key], b[key])) return false;
  }
  return a.field.name === b.field.name;
}

/**
 * A numeric input (min 0, step 0.01) that shows at least 2 decimals on blur (docs/product.md#money, packages/shared/src/constants.ts), padding the text, never rounding it:
 * a rate keeps its 3rd and 4th decimals. Registered, not
 * controlled: react-hook-form's Controller would add to the code the login page shares.
 */
export const MoneyField = memo(
  function MoneyField({ label, field, error, onFormat, autoFocus, filled, step = '0.01' }: Props) {
    const { ref, onBlur, ...rest } = field;
    // MUI tracks an uncontrolled input's "filled" state only through its own change events, so a
    // form reset after a submit left the labels raised over empty fields (issue 22): the form says.
    const [focused, setFocused] = useState(false);
    return (
      <TextField
        {...rest}
        label={label}
        type="number"
        inputRef={ref}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          setFocused(false);
          const formatted = padDecimals(e.target.value);
          if (formatted !== e.target.value) onFormat(formatted);
          void onBlur(e);
        }}
        error={Boolean(error)}
        helperText={error}
        autoFocus={autoFocus}
        fullWidth
        size="small"
        slotProps={{ inputLabel: { shrink: focused || filled }, htmlInput: { min: 0, step, inputMode: 'decimal' } }}
      />
    );
  },
  (a, b) => sameField(a, b, ['onFormat']),
);
