import { TextField } from '@mui/material';
import { AMOUNT_DECIMALS, padDecimals } from '@arb/shared';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** 2 for an amount (default), 4 for a rate. */
  maxDecimals?: number;
  autoFocus?: boolean;
  /** How the text is shown as the user leaves it (default padDecimals; the Socios dialog pads signed amounts). */
  pad?: (raw: string, maxDecimals: number) => string;
}

/**
 * A money or rate field typed the Venezuelan way, as the dashboard's MoneyField
 * (docs/product.md#money "Typing numbers"): a text input with the decimal keypad, read by the
 * shared parseAmount when the form is sent, and shown in es-ES as the user leaves it ("318,5" →
 * "318,50"), never rounded. Controlled: the Cuentas dialogs hold a handful of fields in state.
 */
export function AmountField({ label, value, onChange, error, maxDecimals = AMOUNT_DECIMALS, autoFocus, pad = padDecimals }: Props) {
  return (
    <TextField
      label={label}
      type="text"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const formatted = pad(e.target.value, maxDecimals);
        if (formatted !== e.target.value) onChange(formatted);
      }}
      error={Boolean(error)}
      helperText={error}
      autoFocus={autoFocus}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}
