import { TextField } from '@mui/material';
import { AMOUNT_DECIMALS, formatAmountInput, padDecimals, parseSignedAmount } from '@arb/shared';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** 2 for an amount (default), 4 for a rate. */
  maxDecimals?: number;
  autoFocus?: boolean;
  /** A leading minus is allowed (a registration's share of a balance below zero, decision 0059). */
  signed?: boolean;
}

/** "-4000" → "-4.000,00" as the user leaves the field; anything unreadable stays as typed. */
function padSigned(raw: string, maxDecimals: number): string {
  const p = parseSignedAmount(raw, maxDecimals);
  return p.ok && p.value !== null ? formatAmountInput(p.value, maxDecimals) : raw;
}

/**
 * A money or rate field typed the Venezuelan way, as the dashboard's MoneyField
 * (docs/product.md#money "Typing numbers"): a text input with the decimal keypad, read by the
 * shared parseAmount when the form is sent, and shown in es-ES as the user leaves it ("318,5" →
 * "318,50"), never rounded. Controlled: the Cuentas dialogs hold a handful of fields in state.
 */
export function AmountField({ label, value, onChange, error, maxDecimals = AMOUNT_DECIMALS, autoFocus, signed = false }: Props) {
  return (
    <TextField
      label={label}
      type="text"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const formatted = signed ? padSigned(e.target.value, maxDecimals) : padDecimals(e.target.value, maxDecimals);
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
