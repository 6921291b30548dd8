import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canPreviewEdit,
  formatRate,
  formatUsd,
  messages,
  previewEditProfit,
  toInputText,
  transactionInputSchema,
  type TransactionData,
  type TransactionInput,
} from '@arb/shared';
import { ApiError, errorMessage } from '../../../shared/lib/api-client';
import { useUpdateTransaction } from '../api/update-transaction';
import type { TransactionRow } from '../api/types';
import { transactionFields } from './TransactionFields';
import { ProfitPreview } from './ProfitPreview';

interface Props {
  ledgerId: string;
  transaction: TransactionRow;
  /** The same row as the day's list has it now (after a 409 it reloads with the other's edit). */
  current?: TransactionRow | undefined;
  onClose(): void;
  onError(err: unknown, fallback: string): void;
}

/**
 * Edit a transaction (SPEC 'Dashboard dialogs'): step 0.01, the edit preview of docs/product.md#money, and the
 * version it was loaded with. A stale one (409) keeps the dialog open with the server's text, the
 * user's typing and the values saved meanwhile; saving again applies the user's values over those
 * (issue 25: the dialog used to close, losing the text, with the message off-screen).
 */
export function EditTransactionDialog({ ledgerId, transaction: tx, current, onClose, onError }: Props) {
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<TransactionInput, unknown, TransactionData>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: {
      // Exact decimal text: amounts with 2 decimals, rates with up to 4 (never a float's rounding).
      venta: toInputText(tx.venta, 2),
      tasa_venta: toInputText(tx.tasa_venta, 4),
      compra: toInputText(tx.compra, 2),
      tasa_compra: toInputText(tx.tasa_compra, 4),
      // The stored fee, exactly (up to 8 decimals); saving sends it back, so an edit keeps it.
      comision_usd: toInputText(tx.comision_usd, 8),
      notas: tx.notas ?? '',
      fecha: tx.fecha,
    },
  });
  const { watch, handleSubmit } = form;
  const { dialogGrid } = transactionFields(form);
  const update = useUpdateTransaction();
  const [venta, tasaVenta, compra, tasaCompra] = watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  const showPreview = canPreviewEdit(venta, compra);

  const submit = handleSubmit(async (data) => {
    // After a conflict the user has seen the current values: their save is against those.
    const version = conflict && current ? current.version : tx.version;
    try {
      await update.mutateAsync({ ledgerId, id: tx.id, input: data, version });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(errorMessage(err, messages.txEditError));
      else onError(err, messages.txEditError);
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-tx-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-tx-title">Editar transacción</DialogTitle>
        <DialogContent>
          {conflict && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {conflict}
              {current && current.version !== tx.version && (
                <Typography variant="body2" data-testid="edit-conflict-current" sx={{ mt: 0.5 }}>
                  Valores actuales: venta {formatUsd(current.venta)} a {formatRate(current.tasa_venta)}, compra {formatUsd(current.compra)}{' '}
                  a {formatRate(current.tasa_compra)}
                  {current.notas ? `, notas «${current.notas}»` : ''}. Guardar aplica tus valores.
                </Typography>
              )}
            </Alert>
          )}
          {dialogGrid()}
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
