import { Box, TextField, type SxProps, type Theme } from '@mui/material';
import { memo, useState } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { AMOUNT_DECIMALS, FEE_DECIMALS, NOTES_MAX, RATE_DECIMALS, t, type TransactionData, type TransactionFormInput } from '@arb/shared';
import { MoneyField, sameField } from './MoneyField';

export type MoneyName = 'venta' | 'tasa_venta' | 'compra' | 'tasa_compra' | 'comision_usd';
type TransactionFormApi = UseFormReturn<TransactionFormInput, unknown, TransactionData>;

/** The fields the new-transaction form and the edit dialog share, bound to their form. */
export function transactionFields({ register, setValue, formState, watch, trigger }: TransactionFormApi) {
  const filled = (name: MoneyName | 'notas') => String(watch(name) ?? '') !== '';
  const money = (name: MoneyName, label: string, autoFocus = false) => (
    <MoneyField
      label={label}
      field={register(name)}
      error={formState.errors[name]?.message}
      onFormat={(value) => setValue(name, value, { shouldValidate: formState.isSubmitted })}
      onUnreadable={() => void trigger(name)}
      submitted={formState.isSubmitted}
      autoFocus={autoFocus}
      filled={filled(name)}
      maxDecimals={name === 'tasa_venta' || name === 'tasa_compra' ? RATE_DECIMALS : AMOUNT_DECIMALS}
    />
  );
  /** 'Comisión (USD)' (docs/product.md#money): dollars the trade cost, up to 8 decimals; empty = no fee. */
  const fee = () => (
    <MoneyField
      label="Comisión (USD)"
      field={register('comision_usd')}
      error={formState.errors.comision_usd?.message}
      onFormat={(value) => setValue('comision_usd', value, { shouldValidate: formState.isSubmitted })}
      onUnreadable={() => void trigger('comision_usd')}
      submitted={formState.isSubmitted}
      filled={filled('comision_usd')}
      maxDecimals={FEE_DECIMALS}
    />
  );
  const notes = (sx?: SxProps<Theme>) => (
    <NotesField
      field={register('notas')}
      error={formState.errors.notas?.message}
      filled={filled('notas')}
      length={String(watch('notas') ?? '').length}
      sx={sx}
    />
  );
  return {
    money,
    fee,
    notes,
    /** Every field in a dialog (edit, and "Editar" of a rejected queued item): two columns from 600 px, the notes across. */
    dialogGrid: () => (
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {money('venta', 'Venta (USD)', true)}
        {money('tasa_venta', 'Tasa de venta (Bs)')}
        {money('compra', 'Compra (USD)')}
        {money('tasa_compra', 'Tasa de compra (Bs)')}
        {fee()}
        {notes({ gridColumn: '1 / -1' })}
      </Box>
    ),
  };
}

/**
 * 'Notas', with its label inside when the form empties it (see MoneyField; memo as it is). It takes
 * at most NOTES_MAX characters and counts them as they are typed (issue 36: the limit showed only
 * on submit); the count appears once there is text, so the empty form keeps its height.
 */
const NotesField = memo(function NotesField({
  field,
  error,
  filled,
  length,
  sx,
}: {
  field: UseFormRegisterReturn;
  error?: string | undefined;
  filled: boolean;
  length: number;
  sx?: SxProps<Theme> | undefined;
}) {
  const [focused, setFocused] = useState(false);
  const { onBlur, ...rest } = field;
  return (
    <TextField
      label="Notas"
      multiline
      rows={2}
      size="small"
      {...rest}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        setFocused(false);
        void onBlur(e);
      }}
      error={Boolean(error)}
      helperText={error ?? (length > 0 ? t('notesCounter', { n: length, max: NOTES_MAX }) : undefined)}
      // A plain two-row textarea: MUI's default for `multiline`, TextareaAutosize, measures itself
      // as it mounts (getComputedStyle, scrollHeight), laying out the whole dashboard out of turn,
      // 30 ms of the form's first commit; with a fixed `rows` it never changes height anyway
      // (docs/decisions/0024-entry-and-commit-tasks.md).
      slotProps={{ inputLabel: { shrink: focused || filled }, input: { inputComponent: 'textarea' }, htmlInput: { maxLength: NOTES_MAX } }}
      {...(sx ? { sx } : {})}
    />
  );
}, sameField);
