import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, previewEditProfit, transactionInputSchema, type TransactionData, type TransactionInput } from '@arb/shared';
import { ApiError } from '../../../shared/lib/api-client';
import { useUpdateTransaction } from '../api/update-transaction';
import type { TransactionRow } from '../api/types';
import { toInputValue } from '../lib/money-field';
import { MoneyField } from './MoneyField';
import { ProfitPreview } from './ProfitPreview';

interface Props {
  ledgerId: string;
  transaction: TransactionRow;
  onClose(): void;
  onError(err: unknown, fallback: string): void;
}

type MoneyName = 'venta' | 'tasa_venta' | 'compra' | 'tasa_compra';

const isFilled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '' && Number(v) > 0;

/**
 * Edit a transaction (SPEC 'Dashboard dialogs'): step 0.01, the edit preview of SPEC §5, and the
 * version it was loaded with — a stale one shows the server's 409 text while the list reloads.
 */
export function EditTransactionDialog({ ledgerId, transaction: tx, onClose, onError }: Props) {
  const { watch, handleSubmit, register, setValue, formState } = useForm<TransactionInput, unknown, TransactionData>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: {
      venta: toInputValue(tx.venta),
      tasa_venta: toInputValue(tx.tasa_venta),
      compra: toInputValue(tx.compra),
      tasa_compra: toInputValue(tx.tasa_compra),
      notas: tx.notas ?? '',
      fecha: tx.fecha,
    },
  });
  const update = useUpdateTransaction();
  const [venta, tasaVenta, compra, tasaCompra] = watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  const showPreview = isFilled(venta) || isFilled(compra);
  const money = (name: MoneyName, label: string, autoFocus = false) => (
    <MoneyField
      label={label}
      field={register(name)}
      error={formState.errors[name]?.message}
      onFormat={(value) => setValue(name, value, { shouldValidate: formState.isSubmitted })}
      autoFocus={autoFocus}
    />
  );

  const submit = handleSubmit(async (data) => {
    try {
      await update.mutateAsync({ ledgerId, id: tx.id, input: data, version: tx.version });
      onClose();
    } catch (err) {
      onError(err, messages.txEditError);
      // 409: the row changed meanwhile; the list reloads (onSettled) and the user starts again from it.
      if (err instanceof ApiError && err.status === 409) onClose();
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-tx-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-tx-title">Editar transacción</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {money('venta', 'Venta (USD)', true)}
            {money('tasa_venta', 'Tasa de venta (Bs)')}
            {money('compra', 'Compra (USD)')}
            {money('tasa_compra', 'Tasa de compra (Bs)')}
            <TextField
              label="Notas"
              multiline
              rows={2}
              size="small"
              {...register('notas')}
              error={Boolean(formState.errors.notas)}
              helperText={formState.errors.notas?.message}
              sx={{ gridColumn: '1 / -1' }}
            />
          </Box>
          {showPreview && (
            <Box sx={{ mt: 2 }}>
              <ProfitPreview value={previewEditProfit(venta, tasaVenta, compra, tasaCompra)} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? 'Guardando...' : 'Guardar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
