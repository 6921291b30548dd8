import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canPreviewEdit,
  messages,
  previewEditProfit,
  toInputText,
  transactionInputSchema,
  type TransactionData,
  type TransactionInput,
} from '@arb/shared';
import { ApiError } from '../../../shared/lib/api-client';
import { useUpdateTransaction } from '../api/update-transaction';
import type { TransactionRow } from '../api/types';
import { transactionFields } from './TransactionFields';
import { ProfitPreview } from './ProfitPreview';

interface Props {
  ledgerId: string;
  transaction: TransactionRow;
  onClose(): void;
  onError(err: unknown, fallback: string): void;
}

/**
 * Edit a transaction (SPEC 'Dashboard dialogs'): step 0.01, the edit preview of SPEC §5, and the
 * version it was loaded with — a stale one shows the server's 409 text while the list reloads.
 */
export function EditTransactionDialog({ ledgerId, transaction: tx, onClose, onError }: Props) {
  const form = useForm<TransactionInput, unknown, TransactionData>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: {
      // Exact decimal text: amounts with 2 decimals, rates with up to 4 (never a float's rounding).
      venta: toInputText(tx.venta, 2),
      tasa_venta: toInputText(tx.tasa_venta, 4),
      compra: toInputText(tx.compra, 2),
      tasa_compra: toInputText(tx.tasa_compra, 4),
      notas: tx.notas ?? '',
      fecha: tx.fecha,
    },
  });
  const { watch, handleSubmit } = form;
  const { money, notes } = transactionFields(form);
  const update = useUpdateTransaction();
  const [venta, tasaVenta, compra, tasaCompra] = watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  const showPreview = canPreviewEdit(venta, compra);

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
            {notes({ gridColumn: '1 / -1' })}
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
