import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AMOUNT_DECIMALS,
  Big,
  capitalPorAsignar,
  formatAmountInput,
  formatNumber2,
  messages,
  parseSignedAmount,
  repartoParejo,
  sociosMessages,
  t,
  type CapitalInicialApertura,
  type LedgerMember,
} from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { FigureText } from '../../../shared/ui/Figure';
import { DisabledReason, useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { AmountField } from '../../cuentas';
import { useAperturaCapital, useRegistrarCapital } from '../api/socios';

interface Props {
  ledgerId: string;
  members: LedgerMember[];
  /** The day proposed first (the period's start). */
  fecha: string;
  onClose(): void;
  /** After the registration: the day it was made on (the page offers "Deshacer" for it). */
  onDone(registrado: CapitalInicialApertura): void;
}

type Linea = { ves: string; usd: string };

/**
 * A typed amount as exact text for the rules ("" → 0); null when it cannot be read. A leading minus
 * is allowed: a currency that opened below zero is split in negative shares (decision 0059).
 */
function leer(text: string): string | null {
  const p = parseSignedAmount(text, AMOUNT_DECIMALS);
  return p.ok ? (p.value ?? '0') : null;
}

/** "-4000" → "-4.000,00" as the owner leaves a field; anything unreadable stays as typed. */
function padSigned(raw: string, maxDecimals: number): string {
  const p = parseSignedAmount(raw, maxDecimals);
  return p.ok && p.value !== null ? formatAmountInput(p.value, maxDecimals) : raw;
}

/**
 * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", decision 0056): the chosen day's
 * opening balances split among the members — evenly at first, then as the owner types — with what
 * is still to assign. A currency below zero (a debt) is split in negative shares, which the server
 * writes as retiros (decision 0059). The server checks the sums again and writes the one change.
 */
export function CapitalInicialDialog({ ledgerId, members, fecha: fechaInicial, onClose, onDone }: Props) {
  const [fecha, setFecha] = useState(fechaInicial);
  const apertura = useAperturaCapital(ledgerId, fecha);
  const registrar = useRegistrarCapital(ledgerId);
  const offline = useNeedsConnection();
  // What keeps "Registrar" disabled is said in a line the button names (issue 36): what remains to assign, or the connection.
  const faltaId = `${offline.id}-falta`;
  const [lineas, setLineas] = useState<Record<string, Linea>>({});

  // Each new day's opening is proposed evenly (the extra cents to the first members).
  const data = apertura.data;
  useEffect(() => {
    if (!data) return;
    const parejo = repartoParejo(
      { ves: String(data.ves), usd: String(data.usd) },
      members.map((m) => m.userId),
    );
    setLineas(
      Object.fromEntries(
        parejo.map((p) => [p.userId, { ves: formatAmountInput(p.ves, AMOUNT_DECIMALS), usd: formatAmountInput(p.usd, AMOUNT_DECIMALS) }]),
      ),
    );
  }, [data, members]);

  const leidas = members.map((m) => {
    const l = lineas[m.userId] ?? { ves: '', usd: '' };
    return { userId: m.userId, ves: leer(l.ves), usd: leer(l.usd) };
  });
  const legibles = leidas.every((l) => l.ves !== null && l.usd !== null);
  const falta =
    data && legibles
      ? capitalPorAsignar(
          { ves: String(data.ves), usd: String(data.usd) },
          leidas.map((l) => ({ ves: l.ves!, usd: l.usd! })),
        )
      : null;
  const cuadra = falta !== null && new Big(falta.ves).eq(0) && new Big(falta.usd).eq(0);

  const set = (userId: string, field: keyof Linea, value: string) =>
    setLineas((prev) => ({ ...prev, [userId]: { ...(prev[userId] ?? { ves: '', usd: '' }), [field]: value } }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="capital-inicial-title">
      <DialogTitle id="capital-inicial-title">{messages.sociosCapitalInicialTitulo}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <DialogContentText>{messages.sociosCapitalInicialAyuda}</DialogContentText>
          <TextField
            type="date"
            label={messages.sociosCapitalInicialFecha}
            value={fecha}
            onChange={(e) => setFecha(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {apertura.isError && <Alert severity="error">{errorMessage(apertura.error, messages.sociosLoadError)}</Alert>}
          {data && (
            <Typography variant="body2">
              <FigureText text={t('sociosCapitalInicialApertura', { ves: formatNumber2(data.ves), usd: formatNumber2(data.usd) })} />
            </Typography>
          )}
          {data && (data.ves < 0 || data.usd < 0) && <Alert severity="info">{sociosMessages.capitalInicialNegativo}</Alert>}
          {data &&
            members.map((m) => {
              const l = lineas[m.userId] ?? { ves: '', usd: '' };
              const r = leidas.find((x) => x.userId === m.userId)!;
              return (
                <Stack key={m.userId} spacing={1}>
                  <Typography variant="subtitle2">{m.user.user_name}</Typography>
                  <Stack direction="row" spacing={1}>
                    <AmountField
                      label={`${m.user.user_name} · ${messages.sociosCapitalInicialVes}`}
                      value={l.ves}
                      onChange={(v) => set(m.userId, 'ves', v)}
                      error={r.ves === null ? messages.amountInvalid : undefined}
                      pad={padSigned}
                    />
                    <AmountField
                      label={`${m.user.user_name} · ${messages.sociosCapitalInicialUsd}`}
                      value={l.usd}
                      onChange={(v) => set(m.userId, 'usd', v)}
                      error={r.usd === null ? messages.amountInvalid : undefined}
                      pad={padSigned}
                    />
                  </Stack>
                </Stack>
              );
            })}
          {falta && (
            <Typography id={faltaId} role="status" color={cuadra ? 'textSecondary' : 'error'}>
              <FigureText text={t('sociosCapitalInicialPorAsignar', { ves: formatNumber2(falta.ves), usd: formatNumber2(falta.usd) })} />
            </Typography>
          )}
          {registrar.isError && <Alert severity="error">{errorMessage(registrar.error, messages.sociosCapitalInicialError)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {offline.reason && <DisabledReason id={offline.id} text={offline.reason} />}
        <Button onClick={onClose}>{messages.sociosCapitalInicialCancelar}</Button>
        <Button
          variant="contained"
          disabled={!cuadra || registrar.isPending || offline.reason !== null}
          aria-describedby={[!cuadra && falta ? faltaId : null, offline.describedBy].filter(Boolean).join(' ') || undefined}
          onClick={() =>
            registrar.mutate(
              { fecha, aportes: leidas.map((l) => ({ userId: l.userId, ves: l.ves ?? '0', usd: l.usd ?? '0' })) },
              { onSuccess: (registrado) => onDone(registrado) },
            )
          }
        >
          {messages.sociosCapitalInicialGuardar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
