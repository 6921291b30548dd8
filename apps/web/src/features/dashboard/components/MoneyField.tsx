import { memo, useState } from 'react';
import { TextField } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { padDecimals, parseAmount } from '@arb/shared';

interface Props {
  label: string;
  /** `register(name)` of the form. */
  field: UseFormRegisterReturn;
  error?: string | undefined;
  /** Stores the value shown in es-ES after leaving the field ("318,5" → "318,50"; never rounded). */
  onFormat(value: string): void;
  /** Asks the form to check the field: as the user leaves a text that cannot be read, or one that showed an error. */
  onUnreadable?: (() => void) | undefined;
  autoFocus?: boolean;
  /** Whether the form holds a value: the label sits inside an empty field, above a filled one. */
  filled: boolean;
  /** The decimals the field takes: 2 for an amount (default), 4 for a rate, 8 for the fee. */
  maxDecimals?: number | undefined;
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
 * A money or rate field typed the Venezuelan way (docs/product.md#money "Typing numbers"): a text
 * input with the decimal keypad — a native number input read "318,5" as 3185 in a browser set to
 * English (issue 36) — read by the shared parseAmount and shown in es-ES when the user leaves it
 * ("318,50", "1.500,00"), never rounded: a rate keeps its 3rd and 4th decimals. Registered, not
 * controlled: react-hook-form's Controller would add to the code the login page shares.
 */
export const MoneyField = memo(
  function MoneyField({ label, field, error, onFormat, onUnreadable, autoFocus, filled, maxDecimals = 2 }: Props) {
    const { ref, onBlur, ...rest } = field;
    // MUI tracks an uncontrolled input's "filled" state only through its own change events, so a
    // form reset after a submit left the labels raised over empty fields (issue 22): the form says.
    const [focused, setFocused] = useState(false);
    return (
      <TextField
        {...rest}
        label={label}
        type="text"
        inputRef={ref}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          setFocused(false);
          const text = e.target.value;
          const formatted = padDecimals(text, maxDecimals);
          if (formatted !== text) onFormat(formatted);
          void onBlur(e);
          // Named as the field is left, and taken back once it is fixed (before any submit, the form checks nothing else by itself).
          if (!parseAmount(text, maxDecimals).ok || error) onUnreadable?.();
        }}
        error={Boolean(error)}
        helperText={error}
        autoFocus={autoFocus}
        fullWidth
        size="small"
        slotProps={{ inputLabel: { shrink: focused || filled }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
    );
  },
  (a, b) => sameField(a, b, ['onFormat', 'onUnreadable']),
);
