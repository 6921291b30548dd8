import { useState } from 'react';
import { Alert, Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { messages, parseAmount, porcentajesSuman100, type Ledger, type MetodoReparto, type Reparto } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { DisabledReason, useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { useGuardarReparto } from '../api/socios';

const pctText = (v: string | undefined) => (v === undefined ? '' : v.replace('.', ','));

/**
 * The split rule (owner only, docs/product.md#socios-y-liquidacion): capital × time, or fixed
 * percentages that must sum exactly 100; optionally an operator's commission on a positive result.
 * Percentages are typed the Venezuelan way and read by the shared parseAmount.
 */
export function RepartoForm({ ledger, onSaved }: { ledger: Ledger; onSaved(): void }) {
  const current: Reparto = ledger.reparto ?? { metodo: 'capital' };
  const [metodo, setMetodo] = useState<MetodoReparto>(current.metodo);
  const [pcts, setPcts] = useState<Record<string, string>>(() =>
    Object.fromEntries(ledger.members.map((m) => [m.userId, pctText(current.porcentajes?.find((p) => p.userId === m.userId)?.porcentaje)])),
  );
  const [operador, setOperador] = useState(current.operador?.userId ?? '');
  const [operadorPct, setOperadorPct] = useState(pctText(current.operador?.porcentaje));
  const [error, setError] = useState<string | null>(null);
  const save = useGuardarReparto(ledger.id);
  const offline = useNeedsConnection();

  const submit = () => {
    setError(null);
    const reparto: Reparto = { metodo };
    if (metodo === 'porcentaje') {
      const list: { userId: string; porcentaje: string }[] = [];
      for (const m of ledger.members) {
        const p = parseAmount(pcts[m.userId] ?? '', 2);
        if (!p.ok) return setError(p.error);
        if (p.value !== null) list.push({ userId: m.userId, porcentaje: p.value });
      }
      if (!porcentajesSuman100(list)) return setError(messages.repartoSuma100);
      reparto.porcentajes = list;
    }
    if (operador) {
      const p = parseAmount(operadorPct, 2);
      if (!p.ok || p.value === null) return setError(p.ok ? messages.repartoPorcentajeInvalido : p.error);
      reparto.operador = { userId: operador, porcentaje: p.value };
    }
    save.mutate(reparto, { onSuccess: onSaved });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {messages.sociosRepartoTitle}
      </Typography>
      <RadioGroup value={metodo} onChange={(e) => setMetodo(e.target.value as MetodoReparto)}>
        <FormControlLabel value="capital" control={<Radio />} label={messages.sociosRepartoCapital} />
        <Typography variant="body2" color="textSecondary" sx={{ ml: 4, mt: -0.5, mb: 1 }}>
          {messages.sociosRepartoCapitalHelp}
        </Typography>
        <FormControlLabel value="porcentaje" control={<Radio />} label={messages.sociosRepartoPorcentaje} />
        <Typography variant="body2" color="textSecondary" sx={{ ml: 4, mt: -0.5, mb: 1 }}>
          {messages.sociosRepartoPorcentajeHelp}
        </Typography>
      </RadioGroup>
      {metodo === 'porcentaje' && (
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          {ledger.members.map((m) => (
            <TextField
              key={m.userId}
              label={`${m.user.user_name} · ${messages.sociosPorcentaje}`}
              value={pcts[m.userId] ?? ''}
              onChange={(e) => setPcts({ ...pcts, [m.userId]: e.target.value })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
          ))}
        </Stack>
      )}
      <Typography sx={{ fontWeight: 500 }}>{messages.sociosOperador}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {messages.sociosOperadorHelp}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          select
          label={messages.sociosOperador}
          value={operador}
          onChange={(e) => setOperador(e.target.value)}
          size="small"
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{messages.sociosOperadorNinguno}</option>
          {ledger.members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.user.user_name}
            </option>
          ))}
        </TextField>
        {operador && (
          <TextField
            label={messages.sociosPorcentaje}
            value={operadorPct}
            onChange={(e) => setOperadorPct(e.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        )}
      </Stack>
      {(error || save.isError) && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error ?? errorMessage(save.error, messages.sociosRepartoError)}
        </Alert>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || offline.reason !== null}
          aria-describedby={offline.describedBy}
        >
          {messages.sociosGuardarReparto}
        </Button>
        {offline.reason && <DisabledReason id={offline.id} text={offline.reason} />}
      </Stack>
    </Paper>
  );
}
