import { useEffect, useRef } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canPreviewCreate,
  formatRate,
  messages,
  previewCreateProfit,
  toInputText,
  transactionInputSchema,
  type TransactionData,
  type TransactionInput,
} from '@arb/shared';
import { ApiError } from '../../../shared/lib/api-client';
import { useCreateTransaction, type CreateTransactionVars } from '../api/create-transaction';
import { enqueue, isNoAnswer, mustQueue } from '../hooks/useOfflineSync';
import { transactionFields } from './TransactionFields';
import { ProfitPreview } from './ProfitPreview';

interface Props {
  ledgerId: string;
  fecha: string;
  onError(err: unknown, fallback: string, connectionFallback?: string): void;
  /** The parallel rate of the rates panel, offered as a one-click rate (undefined while unknown). */
  parallelRate?: number | undefined;
  /** No parallel rate is coming (the rates source failed, or no connection): its buttons say '---' instead of loading. */
  parallelRateMissing?: boolean | undefined;
}

type Values = {
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  comision_usd: string;
  notas: string;
  fecha: string;
};
const emptyValues = (fecha: string): Values => ({
  venta: '',
  tasa_venta: '',
  compra: '',
  tasa_compra: '',
  comision_usd: '',
  notas: '',
  fecha,
});

/** The new-transaction form of docs/product.md#screens: 'Venta USD' / 'Compra USD', live profit, 'Agregando...'. */
export function TransactionForm({ ledgerId, fecha, onError, parallelRate, parallelRateMissing = false }: Props) {
  const form = useForm<TransactionInput, unknown, TransactionData>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: emptyValues(fecha),
  });
  const { watch, handleSubmit, reset, setValue, formState } = form;
  const create = useCreateTransaction();
  // One Idempotency-Key per submitted form: kept while the same values are retried, new after any edit.
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setValue('fecha', fecha), [fecha, setValue]);
  // Another ledger or day is another request (docs/product.md#account-security): never reuse the key across them.
  useEffect(() => {
    if (!inFlight.current) idempotencyKey.current = null;
  }, [ledgerId, fecha]);
  useEffect(() => {
    const sub = form.watch(() => {
      if (!inFlight.current) idempotencyKey.current = null;
    });
    return () => sub.unsubscribe();
  }, [form]);

  const [venta, tasaVenta, compra, tasaCompra] = watch(['venta', 'tasa_venta', 'compra', 'tasa_compra']);
  const showProfit = canPreviewCreate(venta, tasaVenta, compra, tasaCompra);
  const profit = showProfit ? previewCreateProfit(venta, tasaVenta, compra, tasaCompra) : 0;

  // docs/product.md#binance-import: the row's ocurrido_en is the moment "Agregar" was pressed (kept for a retry of
  // the same form, like its Idempotency-Key), so a row sent later keeps its place in the day.
  const pressedAt = useRef<string | null>(null);
  const submit = handleSubmit(async (data) => {
    if (inFlight.current) return;
    inFlight.current = true;
    if (idempotencyKey.current === null) pressedAt.current = new Date().toISOString();
    idempotencyKey.current ??= crypto.randomUUID();
    const vars: CreateTransactionVars = {
      ledgerId,
      input: data,
      ocurridoEn: pressedAt.current ?? new Date().toISOString(),
      ganancia: previewCreateProfit(data.venta, data.tasa_venta, data.compra, data.tasa_compra),
      idempotencyKey: idempotencyKey.current,
    };
    const queue = async () => {
      // docs/product.md#working-offline: it waits in the queue under the key it was born with; the form is free again.
      await enqueue({ kind: 'create', ...vars });
      idempotencyKey.current = null;
      reset(emptyValues(fecha));
    };
    try {
      if (mustQueue()) await queue();
      else {
        await create.mutateAsync(vars);
        idempotencyKey.current = null;
        reset(emptyValues(fecha));
      }
    } catch (err) {
      // The server saw this key with other data: the next try gets a fresh one.
      if (err instanceof ApiError && err.code === 'IDEMPOTENCY_MISMATCH') idempotencyKey.current = null;
      // No HTTP answer: not an error for the user, the queue sends it when the connection returns.
      if (isNoAnswer(err)) {
        try {
          await queue();
          return;
        } catch {
          // The browser could not store it either: say so below, the form keeps the values.
        }
      }
      onError(err, messages.txCreateError, messages.txCreateConnectionError);
    } finally {
      inFlight.current = false;
    }
  });

  const busy = formState.isSubmitting || create.isPending;
  const { money, fee, notes } = transactionFields(form);
  // "Usar tasa paralela" is always there, in each column, with its height: the rate is asked after
  // the day's list has painted and came after the form, which then grew by one button per column
  // and moved the list below it (112 px at 360 px, 43 px at 768 px; docs/decisions/0019-dashboard-first-paint.md
  // "Nothing moves when the rate and the position arrive"). Until the rate is known the button is
  // disabled (out of the tab order, announced as unavailable) and shows MUI's loading indicator,
  // labelled by the button; when no rate is coming it says '---', the product's missing value
  // (docs/product.md#screens).
  const parallelButton = (name: 'tasa_venta' | 'tasa_compra') => {
    const known = parallelRate !== undefined;
    const loading = !known && !parallelRateMissing;
    return (
      <Button
        size="small"
        sx={{ justifySelf: 'start' }}
        disabled={!known}
        loading={loading}
        loadingPosition="end"
        onClick={() => {
          if (known) setValue(name, toInputText(parallelRate, 4), { shouldValidate: formState.isSubmitted });
        }}
      >
        {known
          ? `Usar tasa paralela (${formatRate(parallelRate)})`
          : loading
            ? 'Usar tasa paralela'
            : `Usar tasa paralela (${messages.rateMissingValue})`}
      </Button>
    );
  };
  return (
    <Paper component="section" aria-labelledby="new-tx-title" sx={{ p: 2 }}>
      <Typography id="new-tx-title" variant="h6" component="h2" gutterBottom>
        Nueva Transacción
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            <Typography component="legend" variant="subtitle2" color="textSecondary" sx={{ mb: 1 }}>
              Venta USD
            </Typography>
            {money('venta', 'Venta (USD)')}
            {money('tasa_venta', 'Tasa de venta (Bs)')}
            {parallelButton('tasa_venta')}
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            <Typography component="legend" variant="subtitle2" color="textSecondary" sx={{ mb: 1 }}>
              Compra USD
            </Typography>
            {money('compra', 'Compra (USD)')}
            {money('tasa_compra', 'Tasa de compra (Bs)')}
            {parallelButton('tasa_compra')}
          </Box>
        </Box>
        {fee()}
        {notes()}
        {showProfit && <ProfitPreview value={profit} />}
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={busy} sx={{ justifySelf: { sm: 'start' } }}>
          {busy ? 'Agregando...' : 'Agregar Transacción'}
        </Button>
      </Box>
    </Paper>
  );
}
