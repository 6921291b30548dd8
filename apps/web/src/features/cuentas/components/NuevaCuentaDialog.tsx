import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { MONEDAS, TIPOS_CUENTA, messages, type LedgerMember, type Moneda, type TipoCuenta } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useCreateCuenta } from '../api/cuentas';
import { NativeSelect } from './NativeSelect';
import { monedaLabel, tipoCuentaLabel } from './labels';

interface Props {
  ledgerId: string;
  members: LedgerMember[];
  /** The creator: the titular the form starts with. */
  userId: string | undefined;
  onClose(): void;
}

/** "Nueva cuenta" (docs/product.md#cuentas-y-movimientos): nombre, moneda, tipo, titular, Binance methods. */
export function NuevaCuentaDialog({ ledgerId, members, userId, onClose }: Props) {
  const create = useCreateCuenta(ledgerId);
  const [nombre, setNombre] = useState('');
  const [moneda, setMoneda] = useState<Moneda>('VES');
  const [tipo, setTipo] = useState<TipoCuenta>('banco');
  const [titularId, setTitularId] = useState(userId ?? members[0]?.userId ?? '');
  const [metodos, setMetodos] = useState('');
  const [nombreError, setNombreError] = useState<string>();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (nombre.trim() === '') {
      setNombreError(messages.cuentaNombreInvalido);
      return;
    }
    const metodosList = metodos
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    create.mutate(
      { nombre, moneda, tipo, ...(titularId ? { titularId } : {}), ...(metodosList.length > 0 ? { metodos_binance: metodosList } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{messages.cuentaNueva}</DialogTitle>
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
            {create.isError && <Alert severity="error">{errorMessage(create.error, messages.cuentaCreateError)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{messages.dialogCancel}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {messages.dialogSave}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
