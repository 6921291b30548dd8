import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_DECIMALS,
  FEE_DECIMALS,
  RATE_DECIMALS,
  canPreviewEdit,
  formatRate,
  formatUsd,
  messages,
  previewEditProfit,
  toInputText,
  transactionFormSchema,
  typedAmount,
  type TransactionData,
  type TransactionFormInput,
} from '@arb/shared';
import { ApiError, errorMessage } from '../../../shared/lib/api-client';
import { useParallelRateState } from '../../rates';
import { useUpdateTransaction } from '../api/update-transaction';
import type { TransactionRow } from '../api/types';
import { transactionFields } from './TransactionFields';
import { ProfitPreview } from './ProfitPreview';
import { FarRateDialog, farRateQuestions } from './FarRateDialog';
import { CuentaSelects } from './CuentaSelects';
import { cuentaRefs, type CuentaOption } from '../../../shared/lib/cuenta-choice';

interface Props {
  ledgerId: string;
  transaction: TransactionRow;
  /** The same row as the day's list has it now (after a 409 it reloads with the other's edit). */
  current?: TransactionRow | undefined;
  onClose(): void;
  onError(err: unknown, fallback: string): void;
  /** The ledger's accounts (the day's answer): "Cuenta Bs" / "Cuenta USD" when it has some. */
  cuentas?: readonly CuentaOption[] | undefined;
}

/**
 * Edit a transaction (SPEC 'Dashboard dialogs'): step 0.01, the edit preview of docs/product.md#money, and the
 * version it was loaded with. A stale one (409) keeps the dialog open with the server's text, the
 * user's typing and the values saved meanwhile; saving again applies the user's values over those
 * (issue 25: the dialog used to close, losing the text, with the message off-screen).
 */
export function EditTransactionDialog({ ledgerId, transaction: tx, current, onClose, onError, cuentas = [] }: Props) {
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<TransactionFormInput, unknown, TransactionData>({
    resolver: zodResolver(transactionFormSchema),
    defaultValues: {
      // Exact decimal text in es-ES: amounts with 2 decimals, rates with up to 4 (never a float's rounding).
      venta: toInputText(tx.venta, AMOUNT_DECIMALS),
      tasa_venta: toInputText(tx.tasa_venta, RATE_DECIMALS),
      compra: toInputText(tx.compra, AMOUNT_DECIMALS),
      tasa_compra: toInputText(tx.tasa_compra, RATE_DECIMALS),
      // The stored fee, exactly (up to 8 decimals); saving sends it back, so an edit keeps it.
      comision_usd: toInputText(tx.comision_usd, FEE_DECIMALS),
      notas: tx.notas ?? '',
      fecha: tx.fecha,
      cuentaVesId: tx.cuenta_ves_id ?? '',
      cuentaUsdId: tx.cuenta_usd_id ?? '',
    },
  });
  const { watch, handleSubmit } = form;
  const { dialogGrid } = transactionFields(form);
  const update = useUpdateTransaction();
  const [ventaText, tasaVentaText, compraText, tasaCompraText] = watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  // The preview reads the fields as typed ("318,5"): one that cannot be read yet counts as empty.
  const venta = typedAmount(ventaText, AMOUNT_DECIMALS);
  const tasaVenta = typedAmount(tasaVentaText, RATE_DECIMALS);
  const compra = typedAmount(compraText, AMOUNT_DECIMALS);
  const tasaCompra = typedAmount(tasaCompraText, RATE_DECIMALS);
  const showPreview = canPreviewEdit(venta, compra);
  // A changed rate far from the parallel one is asked about first (docs/product.md#money): the rate
  // the dashboard already has (the dialog asks for none; undefined while unknown, then nothing is asked).
  const parallelRate = useParallelRateState(false).rate;
  const [farRate, setFarRate] = useState<{ data: TransactionData; questions: string[] } | null>(null);

  const save = async (data: TransactionData) => {
    // After a conflict the user has seen the current values: their save is against those.
    const version = conflict && current ? current.version : tx.version;
    try {
      const { cuentaVesId, cuentaUsdId, ...amounts } = data as TransactionData & { cuentaVesId?: string; cuentaUsdId?: string };
      // Accounts only where the ledger has them; keeping an archived one is allowed (DESIGN §28).
      const input = cuentas.length > 0 ? { ...amounts, ...cuentaRefs({ cuentaVesId, cuentaUsdId }) } : amounts;
      await update.mutateAsync({ ledgerId, id: tx.id, input, version });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(errorMessage(err, messages.txEditError));
      else onError(err, messages.txEditError);
    }
  };
  const submit = handleSubmit(async (data) => {
    const questions = farRateQuestions(data, parallelRate, current ?? tx);
    if (questions.length > 0) setFarRate({ data, questions });
    else await save(data);
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
          {cuentas.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <CuentaSelects
                cuentas={cuentas}
                ves={form.register('cuentaVesId')}
                usd={form.register('cuentaUsdId')}
                keepVes={tx.cuenta_ves_id}
                keepUsd={tx.cuenta_usd_id}
              />
            </Box>
          )}
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
      {farRate && (
        <FarRateDialog
          questions={farRate.questions}
          onCancel={() => setFarRate(null)}
          onConfirm={() => {
            setFarRate(null);
            void save(farRate.data);
          }}
        />
      )}
    </Dialog>
  );
}
