import { useState } from 'react';
import { Alert, FormControl, FormControlLabel, FormHelperText, Radio, RadioGroup, Typography } from '@mui/material';
import { messages, t, type Ledger, type MetodoGanancia } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useUpdateLedgerSettings } from '../api/update-ledger-settings';

const metodoNombre = (m: MetodoGanancia) =>
  m === 'costo_promedio' ? messages.metodoNombreCostoPromedio : messages.metodoNombrePorOperacion;

/**
 * docs/product.md#profit-method-and-position: the ledger's profit method, with one sentence each;
 * only the owner may change it. A change recomputes every day's profit for every member, so a
 * click only asks; the change happens once confirmed, and its result is said right here (issue 36).
 */
export function ProfitMethodForm({ ledger, isOwner }: { ledger: Ledger; isOwner: boolean }) {
  const update = useUpdateLedgerSettings();
  const [asked, setAsked] = useState<MetodoGanancia | null>(null);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const confirm = () => {
    if (!asked) return;
    update.mutate(
      { ledgerId: ledger.id, metodo_ganancia: asked },
      {
        onSuccess: () => setResult({ severity: 'success', text: t('metodoChanged', { metodo: metodoNombre(asked) }) }),
        onError: (err) => setResult({ severity: 'error', text: errorMessage(err, messages.ledgerSettingsError) }),
        onSettled: () => setAsked(null),
      },
    );
  };
  return (
    <FormControl disabled={!isOwner || update.isPending}>
      <Typography variant="subtitle1" component="h3" id="metodo-ganancia">
        Método de ganancia
      </Typography>
      <RadioGroup
        aria-labelledby="metodo-ganancia"
        value={ledger.metodo_ganancia}
        onChange={(e) => {
          const next = e.target.value as MetodoGanancia;
          if (next !== ledger.metodo_ganancia) {
            setResult(null);
            setAsked(next);
          }
        }}
      >
        <FormControlLabel value="por_operacion" control={<Radio />} label={messages.metodoPorOperacion} />
        <FormControlLabel value="costo_promedio" control={<Radio />} label={messages.metodoCostoPromedio} />
      </RadioGroup>
      {!isOwner && <FormHelperText>Solo el propietario puede cambiar el método.</FormHelperText>}
      {result && (
        <Alert
          severity={result.severity}
          role={result.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setResult(null)}
          sx={{ mt: 1 }}
        >
          {result.text}
        </Alert>
      )}
      {asked && (
        <ConfirmDialog
          title={t('metodoConfirmTitle', { metodo: metodoNombre(asked) })}
          text={messages.metodoConfirmText}
          confirmLabel={messages.metodoConfirmLabel}
          busy={update.isPending}
          onConfirm={confirm}
          onCancel={() => setAsked(null)}
        />
      )}
    </FormControl>
  );
}
