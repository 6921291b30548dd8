import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { AMOUNT_DECIMALS, baseBalanceSchema, messages, padDecimals, parseAmount, toInputText } from '@arb/shared';
import { useSetDailyBalance } from '../api/set-daily-balance';

export type BaseCurrency = 'ves' | 'usd';

interface Props {
  currency: BaseCurrency;
  ledgerId: string;
  fecha: string;
  base: { saldo_base_ves: number; saldo_base_usd: number; heredado_ves: boolean; heredado_usd: boolean };
  onClose(): void;
  onSaved(): void;
  onError(err: unknown, fallback: string): void;
}

const LABEL: Record<BaseCurrency, string> = { ves: 'Bs.S', usd: 'USD' };

/**
 * Edit one base balance of the day (docs/product.md#balances-of-a-day): only this currency is sent, so the other one keeps
 * its state (an inherited value keeps flowing from earlier days). "Usar saldo heredado" returns an
 * explicit value to the one carried from the previous day.
 */
export function BaseBalanceDialog({ currency, ledgerId, fecha, base, onClose, onSaved, onError }: Props) {
  const current = currency === 'ves' ? base.saldo_base_ves : base.saldo_base_usd;
  const explicit = !(currency === 'ves' ? base.heredado_ves : base.heredado_usd);
  const [value, setValue] = useState(() => toInputText(current, AMOUNT_DECIMALS) || '0,00');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSetDailyBalance();
  const fallback = currency === 'ves' ? messages.baseBalanceVesError : messages.baseBalanceUsdError;
  // docs/product.md#money "Typing numbers": the value as typed ("1.500,00", "1500.5"), read the one shared way.
  const parsed = parseAmount(value, AMOUNT_DECIMALS);
  // docs/product.md#money: Guardar is disabled while the field is empty or cannot be read (its reason shows on leaving it).
  const notANumber = !parsed.ok || parsed.value === null;

  const send = async (next: string | null) => {
    try {
      await save.mutateAsync({ ledgerId, fecha, [currency === 'ves' ? 'saldo_base_ves' : 'saldo_base_usd']: next, fallback });
      onSaved();
    } catch (err) {
      onError(err, fallback);
    }
  };

  const submit = async () => {
    const checked = baseBalanceSchema.safeParse(parsed.ok ? (parsed.value ?? '') : value);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? messages.baseBalanceInvalid);
      return;
    }
    await send(checked.data);
  };

  const titleId = `base-${currency}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!notANumber && !save.isPending) void submit();
        }}
      >
        <DialogTitle id={titleId}>Editar saldo base {LABEL[currency]}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={`Saldo base (${LABEL[currency]})`}
            type="text"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(null);
            }}
            onBlur={(e) => {
              const typed = e.target.value;
              setValue(padDecimals(typed, AMOUNT_DECIMALS));
              const read = parseAmount(typed, AMOUNT_DECIMALS);
              if (!read.ok) setInvalid(read.error);
            }}
            error={Boolean(invalid)}
            helperText={invalid}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          {explicit && (
            <Button onClick={() => void send(null)} disabled={save.isPending} sx={{ mr: 'auto' }}>
              Usar saldo heredado
            </Button>
          )}
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={notANumber || save.isPending}>
            Guardar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
