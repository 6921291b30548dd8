import { FormControl, FormControlLabel, FormHelperText, Radio, RadioGroup, Typography } from '@mui/material';
import { messages, type Ledger, type MetodoGanancia } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useUpdateLedgerSettings } from '../api/update-ledger-settings';
import type { Notice } from '../hooks/use-timed-notice';

/** docs/product.md#profit-method-and-position: the ledger's profit method, with one sentence each; only the owner may change it. */
export function ProfitMethodForm({ ledger, isOwner, onNotice }: { ledger: Ledger; isOwner: boolean; onNotice(n: Notice): void }) {
  const update = useUpdateLedgerSettings();
  const change = (metodo_ganancia: MetodoGanancia) =>
    update.mutate(
      { ledgerId: ledger.id, metodo_ganancia },
      {
        onSuccess: () => onNotice({ severity: 'success', text: messages.ledgerSettingsSuccess }),
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.ledgerSettingsError) }),
      },
    );
  return (
    <FormControl disabled={!isOwner || update.isPending}>
      <Typography variant="subtitle1" component="h3" id="metodo-ganancia">
        Método de ganancia
      </Typography>
      <RadioGroup
        aria-labelledby="metodo-ganancia"
        value={ledger.metodo_ganancia}
        onChange={(e) => change(e.target.value as MetodoGanancia)}
      >
        <FormControlLabel value="por_operacion" control={<Radio />} label={messages.metodoPorOperacion} />
        <FormControlLabel value="costo_promedio" control={<Radio />} label={messages.metodoCostoPromedio} />
      </RadioGroup>
      {!isOwner && <FormHelperText>Solo el propietario puede cambiar el método.</FormHelperText>}
    </FormControl>
  );
}
