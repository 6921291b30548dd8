import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  AMOUNT_DECIMALS,
  Big,
  formatAmountInput,
  formatDayShort,
  messages,
  parseAmount,
  t,
  type CuadreJson,
  type CuentaSaldoJson,
} from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { Figure, FigureText } from '../../../shared/ui/Figure';
import { useCreateCuadre } from '../api/cuentas';
import { DisabledReason, useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { AmountField } from './AmountField';
import { formatMoneda } from './labels';
import type { MovimientoDraft } from './MovimientoDialog';

interface Props {
  ledgerId: string;
  cuenta: CuentaSaldoJson;
  /** The day of the balances shown (the cuadre's `fecha`). */
  fecha: string;
  onClose(): void;
  /** "Registrar ajuste por la diferencia": an ajuste of the difference, filled in. */
  onAjuste(draft: MovimientoDraft): void;
}

/** The ajuste that brings the system's balance to the bank's: money appeared (entrada) or is missing (salida). */
function ajusteDraft(cuenta: CuentaSaldoJson, diferencia: Big, fecha: string): MovimientoDraft {
  return {
    moneda: cuenta.moneda,
    cuenta: cuenta.id,
    sentido: diferencia.gt(0) ? 'entrada' : 'salida',
    monto: formatAmountInput(diferencia.abs(), AMOUNT_DECIMALS),
    notas: t('cuadreAjusteNotas', { fecha: formatDayShort(fecha) }),
  };
}

/**
 * A cuadre (docs/product.md#cuentas-y-movimientos): the balance seen in the bank at the end of the
 * day, its difference with the system's shown as it is typed; once saved with a difference, the
 * ajuste that settles it is one click away.
 */
export function CuadreDialog({ ledgerId, cuenta, fecha, onClose, onAjuste }: Props) {
  const create = useCreateCuadre(ledgerId);
  const [saldoReal, setSaldoReal] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<CuadreJson>();
  const offline = useNeedsConnection();

  const parsed = parseAmount(saldoReal, AMOUNT_DECIMALS);
  const diferencia = saved
    ? new Big(saved.diferencia)
    : parsed.ok && parsed.value !== null
      ? new Big(parsed.value).minus(new Big(cuenta.saldo))
      : null;

  // DESIGN §28: unverified flows inside the system's balance are verified first, not adjusted away.
  const unverified = saved !== undefined && saved.sin_verificar !== 0;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (offline.reason) return;
    if (!parsed.ok || parsed.value === null) {
      setError(parsed.ok ? messages.cuadreSaldoInvalido : parsed.error);
      return;
    }
    create.mutate({ cuentaId: cuenta.id, input: { fecha, saldo_real: parsed.value } }, { onSuccess: ({ cuadre }) => setSaved(cuadre) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('cuadreTitle', { cuenta: cuenta.nombre })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>
              {`${messages.cuadreSaldoSistema} `}
              <Figure>{formatMoneda(cuenta.moneda, cuenta.saldo)}</Figure>
            </Typography>
            {!saved && (
              <AmountField
                label={messages.cuadreSaldoReal}
                value={saldoReal}
                onChange={(v) => {
                  setSaldoReal(v);
                  setError(undefined);
                }}
                error={error}
                autoFocus
              />
            )}
            {diferencia !== null && (
              <Typography data-testid="cuadre-diferencia" color={diferencia.eq(0) ? 'success.main' : 'warning.main'}>
                {diferencia.eq(0) ? (
                  messages.cuadreCuadra
                ) : (
                  <>
                    {`${messages.cuadreDiferencia} `}
                    <Figure>{formatMoneda(cuenta.moneda, diferencia.toString())}</Figure>
                  </>
                )}
              </Typography>
            )}
            {saved && <Alert severity="success">{messages.cuadreGuardado}</Alert>}
            {unverified && (
              <Alert severity="warning">
                <FigureText text={t('cuadreSinVerificar', { monto: formatMoneda(cuenta.moneda, saved.sin_verificar) })} />
              </Alert>
            )}
            {create.isError && <Alert severity="error">{errorMessage(create.error, messages.cuadreCreateError)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {saved ? (
            <>
              <Button onClick={onClose}>{messages.dialogClose}</Button>
              {diferencia !== null && !diferencia.eq(0) && !unverified && (
                <Button variant="contained" onClick={() => onAjuste(ajusteDraft(cuenta, diferencia, fecha))}>
                  {messages.cuadreAjustePorDiferencia}
                </Button>
              )}
            </>
          ) : (
            <>
              {offline.reason && <DisabledReason id={offline.id} text={offline.reason} />}
              <Button onClick={onClose}>{messages.dialogCancel}</Button>
              <Button
                type="submit"
                variant="contained"
                disabled={create.isPending || offline.reason !== null}
                aria-describedby={offline.describedBy}
              >
                {messages.cuadreAction}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
