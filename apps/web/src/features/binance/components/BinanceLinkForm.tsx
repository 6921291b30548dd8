import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { binanceLinkSchema, messages, type BinanceLinkInput } from '@arb/shared';
import { useLedgers } from '../../ledgers';
import { useLedgerCuentas, useLinkBinance } from '../api/binance-link';
import { errorMessage } from '../../../shared/lib/api-client';

/** docs/product.md#binance-sync: key, secret, the ledger the orders go to and its default accounts. */
export function BinanceLinkForm({ onDone, onError }: { onDone: (message: string) => void; onError: (message: string) => void }) {
  const ledgers = useLedgers();
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [ledgerId, setLedgerId] = useState('');
  const [cuentaUsd, setCuentaUsd] = useState('');
  const [cuentaVes, setCuentaVes] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const chosenLedger = ledgerId || ledgers.data?.[0]?.id || '';
  const cuentas = useLedgerCuentas(chosenLedger);
  const link = useLinkBinance();
  const activas = (cuentas.data?.cuentas ?? []).filter((c) => !c.archivada);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: BinanceLinkInput = {
      apiKey,
      apiSecret,
      ledgerId: chosenLedger,
      cuenta_usd_id: cuentaUsd || null,
      cuenta_ves_id: cuentaVes || null,
    };
    const parsed = binanceLinkSchema.safeParse(input);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    link.mutate(input, {
      onSuccess: () => {
        setApiKey('');
        setApiSecret('');
        onDone(messages.binanceLinked);
      },
      onError: (err) => onError(errorMessage(err, messages.binanceUnavailable)),
    });
  };

  const cuentaOptions = (moneda: 'USD' | 'VES') => [
    <MenuItem key="" value="">
      {messages.binanceSinCuenta}
    </MenuItem>,
    ...activas
      .filter((c) => c.moneda === moneda)
      .map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.nombre}
        </MenuItem>
      )),
  ];

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={messages.binanceApiKey}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        autoComplete="off"
        error={Boolean(fieldErrors.apiKey)}
        helperText={fieldErrors.apiKey}
        slotProps={{ htmlInput: { maxLength: 128, spellCheck: false } }}
      />
      <TextField
        label={messages.binanceApiSecret}
        type="password"
        value={apiSecret}
        onChange={(e) => setApiSecret(e.target.value)}
        autoComplete="new-password"
        error={Boolean(fieldErrors.apiSecret)}
        helperText={fieldErrors.apiSecret}
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <TextField
        select
        label={messages.binanceLedger}
        value={chosenLedger}
        onChange={(e) => {
          setLedgerId(e.target.value);
          setCuentaUsd('');
          setCuentaVes('');
        }}
      >
        {(ledgers.data ?? []).map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={messages.binanceCuentaUsd} value={cuentaUsd} onChange={(e) => setCuentaUsd(e.target.value)}>
        {cuentaOptions('USD')}
      </TextField>
      <TextField select label={messages.binanceCuentaVes} value={cuentaVes} onChange={(e) => setCuentaVes(e.target.value)}>
        {cuentaOptions('VES')}
      </TextField>
      <div>
        <Button type="submit" variant="contained" disabled={link.isPending || !chosenLedger}>
          {messages.binanceConnect}
        </Button>
      </div>
    </Stack>
  );
}
