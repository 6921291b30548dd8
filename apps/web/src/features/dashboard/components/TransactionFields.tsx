import { TextField, type SxProps, type Theme } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import type { TransactionData, TransactionInput } from '@arb/shared';
import { MoneyField } from './MoneyField';

export type MoneyName = 'venta' | 'tasa_venta' | 'compra' | 'tasa_compra';
type TransactionFormApi = UseFormReturn<TransactionInput, unknown, TransactionData>;

/** The fields the new-transaction form and the edit dialog share, bound to their form. */
export function transactionFields({ register, setValue, formState }: TransactionFormApi) {
  return {
    money: (name: MoneyName, label: string, autoFocus = false) => (
      <MoneyField
        label={label}
        field={register(name)}
        error={formState.errors[name]?.message}
        onFormat={(value) => setValue(name, value, { shouldValidate: formState.isSubmitted })}
        autoFocus={autoFocus}
      />
    ),
    notes: (sx?: SxProps<Theme>) => (
      <TextField
        label="Notas"
        multiline
        rows={2}
        size="small"
        {...register('notas')}
        error={Boolean(formState.errors.notas)}
        helperText={formState.errors.notas?.message}
        {...(sx ? { sx } : {})}
      />
    ),
  };
}
