import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_DECIMALS,
  FEE_DECIMALS,
  RATE_DECIMALS,
  canPreviewCreate,
  previewCreateProfit,
  toInputText,
  transactionFormSchema,
  typedAmount,
  type TransactionData,
  type TransactionFormInput,
} from '@arb/shared';
import { offlineQueue } from '../../../shared/offline/offline';
import type { QueuedCreate, QueuedOp } from '../../../shared/offline/queue';
import { transactionFields } from './TransactionFields';
import { ProfitPreview } from './ProfitPreview';

/** A queued value (plain decimal as it was sent) as its field shows it, es-ES; '' for none. */
const text = (v: string | number | null | undefined, maxDecimals: number) => toInputText(v, maxDecimals);

/**
 * "Editar" on a rejected queued transaction (docs/product.md#working-offline): the user fixes the values and it is
 * queued again in its place under a new Idempotency-Key, then sent.
 */
export function QueuedEditDialog({ op, onClose }: { op: QueuedOp & QueuedCreate; onClose(): void }) {
  const form = useForm<TransactionFormInput, unknown, TransactionData>({
    resolver: zodResolver(transactionFormSchema),
    defaultValues: {
      venta: text(op.input.venta, AMOUNT_DECIMALS),
      tasa_venta: text(op.input.tasa_venta, RATE_DECIMALS),
      compra: text(op.input.compra, AMOUNT_DECIMALS),
      tasa_compra: text(op.input.tasa_compra, RATE_DECIMALS),
      // The fee typed with the queued item travels with it, so "Editar" never drops it.
      comision_usd: text(op.input.comision_usd, FEE_DECIMALS),
      notas: op.input.notas ?? '',
      fecha: op.input.fecha,
    },
  });
  const { dialogGrid } = transactionFields(form);
  const typed = form.watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  // The preview reads the fields as typed ("318,5"): one that cannot be read yet counts as empty.
  const [venta, tasaVenta, compra, tasaCompra] = [
    typedAmount(typed[0], AMOUNT_DECIMALS),
    typedAmount(typed[1], RATE_DECIMALS),
    typedAmount(typed[2], AMOUNT_DECIMALS),
    typedAmount(typed[3], RATE_DECIMALS),
  ];
  const submit = form.handleSubmit(async (data) => {
    // The accounts chosen with the queued item travel with it ("Editar" changes the amounts only).
    const { cuentaVesId: _ves, cuentaUsdId: _usd, ...amounts } = data as TransactionData & { cuentaVesId?: string; cuentaUsdId?: string };
    const cuentas = {
      ...(op.input.cuenta_ves_id === undefined ? {} : { cuenta_ves_id: op.input.cuenta_ves_id }),
      ...(op.input.cuenta_usd_id === undefined ? {} : { cuenta_usd_id: op.input.cuenta_usd_id }),
    };
    await offlineQueue.edit(op.opId, {
      input: { ...amounts, ...cuentas },
      ganancia: previewCreateProfit(data.venta, data.tasa_venta, data.compra, data.tasa_compra),
    });
    onClose();
    void offlineQueue.flush(true);
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="queued-edit-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="queued-edit-title">Editar transacción pendiente</DialogTitle>
        <DialogContent>
          {dialogGrid()}
          {canPreviewCreate(venta, tasaVenta, compra, tasaCompra) && (
            <Box sx={{ mt: 2 }}>
              <ProfitPreview value={previewCreateProfit(venta, tasaVenta, compra, tasaCompra)} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained">
            Guardar y enviar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
