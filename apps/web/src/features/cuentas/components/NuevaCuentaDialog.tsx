import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { MONEDAS, TIPOS_CUENTA, messages, type CuentaJson, type LedgerMember, type Moneda, type TipoCuenta } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { DisabledReason, useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { useCreateCuenta, useUpdateCuenta } from '../api/cuentas';
import { NativeSelect } from './NativeSelect';
import { monedaLabel, tipoCuentaLabel } from './labels';

interface Props {
  ledgerId: string;
  members: LedgerMember[];
  /** The creator: the titular the form starts with. */
  userId: string | undefined;
  /** Editing this account (PUT with its version) instead of creating one. */
  cuenta?: CuentaJson | undefined;
  onClose(): void;
}

/**
 * "Nueva cuenta" and "Editar cuenta" (docs/product.md#cuentas-y-movimientos): nombre, moneda, tipo,
 * titular, Binance methods. An edit sends the version it was read at (409 when another changed it)
 * and the server's Spanish refusals (a used account's currency, a duplicate name) are shown as they come.
 */
export function NuevaCuentaDialog({ ledgerId, members, userId, cuenta, onClose }: Props) {
  const createCuenta = useCreateCuenta(ledgerId);
  const updateCuenta = useUpdateCuenta(ledgerId);
  const create = cuenta ? updateCuenta : createCuenta;
  const [nombre, setNombre] = useState(cuenta?.nombre ?? '');
  const [moneda, setMoneda] = useState<Moneda>(cuenta?.moneda ?? 'VES');
  const [tipo, setTipo] = useState<TipoCuenta>(cuenta?.tipo ?? 'banco');
  const [titularId, setTitularId] = useState(cuenta ? (cuenta.titular?.id ?? '') : (userId ?? members[0]?.userId ?? ''));
  const [metodos, setMetodos] = useState(cuenta?.metodos_binance.join(', ') ?? '');
  const [nombreError, setNombreError] = useState<string>();
  const offline = useNeedsConnection();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (offline.reason) return;
    if (nombre.trim() === '') {
      setNombreError(messages.cuentaNombreInvalido);
      return;
    }
    const metodosList = metodos
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (cuenta) {
      updateCuenta.mutate(
        {
          cuentaId: cuenta.id,
          input: { nombre, moneda, tipo, ...(titularId ? { titularId } : {}), metodos_binance: metodosList, version: cuenta.version },
        },
        { onSuccess: onClose },
      );
      return;
    }
    createCuenta.mutate(
      { nombre, moneda, tipo, ...(titularId ? { titularId } : {}), ...(metodosList.length > 0 ? { metodos_binance: metodosList } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{cuenta ? messages.cuentaEditar : messages.cuentaNueva}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={messages.cuentaNombre}
              value={nombre}
              onChange={(e) => {
                setNombre(e.target.value);
                setNombreError(undefined);
              }}
              error={Boolean(nombreError)}
              helperText={nombreError}
              autoFocus
              fullWidth
              size="small"
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <NativeSelect
              label={messages.cuentaMoneda}
              value={moneda}
              onChange={(v) => setMoneda(v as Moneda)}
              options={MONEDAS.map((m) => ({ value: m, label: monedaLabel(m) }))}
            />
            <NativeSelect
              label={messages.cuentaTipo}
              value={tipo}
              onChange={(v) => setTipo(v as TipoCuenta)}
              options={TIPOS_CUENTA.map((t) => ({ value: t, label: tipoCuentaLabel(t) }))}
            />
            <NativeSelect
              label={messages.cuentaTitular}
              value={titularId}
              onChange={setTitularId}
              options={members.map((m) => ({ value: m.userId, label: m.user.user_name }))}
            />
            {tipo === 'binance' && (
              <TextField
                label={messages.cuentaMetodos}
                value={metodos}
                onChange={(e) => setMetodos(e.target.value)}
                fullWidth
                size="small"
              />
            )}
            {create.isError && (
              <Alert severity="error">{errorMessage(create.error, cuenta ? messages.cuentaUpdateError : messages.cuentaCreateError)}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {offline.reason && <DisabledReason id={offline.id} text={offline.reason} />}
          <Button onClick={onClose}>{messages.dialogCancel}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || offline.reason !== null}
            aria-describedby={offline.describedBy}
          >
            {messages.dialogSave}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
