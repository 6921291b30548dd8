import { useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  AMOUNT_DECIMALS,
  Big,
  MONEDAS,
  RATE_DECIMALS,
  SENTIDOS,
  addDays,
  isDayKey,
  messages,
  parseAmount,
  rateFarFromMarket,
  rateWarningText,
  todayKey,
  toInputText,
  type CreateMovimientoInput,
  type MovimientoJson,
  type CuentaSaldoJson,
  type LedgerMember,
  type Moneda,
  type Sentido,
  type TipoMovimiento,
} from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { OnlineConfirmDialog } from '../../../shared/ui/OnlineConfirmDialog';
import { DisabledReason, useNeedsConnection } from '../../../shared/ui/DisabledReason';
import { useParallelRateState } from '../../rates';
import { useCreateMovimiento, useUpdateMovimiento } from '../api/cuentas';
import { useSociosNombrados } from '../api/socios-nombrados';
import { AmountField } from './AmountField';
import { NativeSelect } from './NativeSelect';
import { SIN_ASIGNAR, monedaLabel, tipoMovLabel } from './labels';

/** What a form starts with (the cuadre's "Registrar ajuste por la diferencia" fills an ajuste). */
export interface MovimientoDraft {
  moneda?: Moneda;
  cuenta?: string;
  origen?: string;
  destino?: string;
  monto?: string;
  sentido?: Sentido;
  notas?: string;
}

interface Props {
  ledgerId: string;
  tipo: TipoMovimiento;
  cuentas: CuentaSaldoJson[];
  members: LedgerMember[];
  userId: string | undefined;
  draft?: MovimientoDraft;
  /** Editing this movement (PUT with its version) instead of recording a new one. */
  movimiento?: MovimientoJson | undefined;
  onClose(): void;
}

/** The form's starting values for an edit: the movement as stored, in es-ES text. */
function draftOf(m: MovimientoJson): MovimientoDraft & { fecha: string; comision: string; miembroId: string; tasa: string } {
  const cuenta = m.cuenta_destino_id ?? m.cuenta_origen_id;
  return {
    fecha: m.fecha,
    moneda: m.moneda,
    origen: m.cuenta_origen_id ?? SIN_ASIGNAR,
    destino: m.cuenta_destino_id ?? SIN_ASIGNAR,
    cuenta: cuenta ?? SIN_ASIGNAR,
    sentido: m.cuenta_destino_id ? 'entrada' : m.cuenta_origen_id ? 'salida' : (m.sentido ?? 'entrada'),
    monto: toInputText(m.monto, AMOUNT_DECIMALS),
    comision: m.comision > 0 ? toInputText(m.comision, AMOUNT_DECIMALS) : '',
    miembroId: m.miembro?.id ?? '',
    tasa: m.tasa === null ? '' : toInputText(m.tasa, RATE_DECIMALS),
    notas: m.notas ?? '',
  };
}

/** The question before a far rate is saved: the dashboard's words (FarRateDialog), kept with this page's code. */
const FAR_RATE_TITLE = 'Tasa lejos de la paralela';
const SAVE_ANYWAY = 'Guardar igualmente';

type Errors = Partial<Record<'fecha' | 'monto' | 'comision' | 'tasa' | 'notas' | 'destino' | 'form', string>>;

/**
 * A transferencia (with its comisión), an aporte or retiro (a partner's money; a VES one valued at
 * `tasa`) or an ajuste (its reason required) — docs/product.md#cuentas-y-movimientos. The shape
 * rules are the shared schema's; the server checks them again.
 */
export function MovimientoDialog({ ledgerId, tipo, cuentas, members, userId, draft: given = {}, movimiento, onClose }: Props) {
  const createMov = useCreateMovimiento(ledgerId);
  const updateMov = useUpdateMovimiento(ledgerId);
  const create = movimiento ? updateMov : createMov;
  const stored = movimiento ? draftOf(movimiento) : undefined;
  const draft: MovimientoDraft = stored ?? given;
  // One key per opened form: a retried send never records the movement twice.
  const idempotencyKey = useRef(crypto.randomUUID()).current;
  const [fecha, setFecha] = useState(stored?.fecha ?? todayKey());
  const [moneda, setMoneda] = useState<Moneda>(draft.moneda ?? 'VES');
  const [origen, setOrigen] = useState(draft.origen ?? SIN_ASIGNAR);
  const [destino, setDestino] = useState(draft.destino ?? SIN_ASIGNAR);
  const [cuenta, setCuenta] = useState(draft.cuenta ?? SIN_ASIGNAR);
  const [sentido, setSentido] = useState<Sentido>(draft.sentido ?? 'entrada');
  const [monto, setMonto] = useState(draft.monto ?? '');
  const [comision, setComision] = useState(stored?.comision ?? '');
  const [miembroId, setMiembroId] = useState(stored ? stored.miembroId : (userId ?? members[0]?.userId ?? ''));
  const [tasa, setTasa] = useState(stored?.tasa ?? '');
  const [notas, setNotas] = useState(draft.notas ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // A VES aporte or retiro's rate far from the parallel one is asked about before it is saved, as a
  // transaction's is (docs/product.md#money): "405,1234" with its comma lost values 1.000.000 Bs at
  // 0,25 USD of capital (issue 36 walk).
  const parallel = useParallelRateState().rate;
  const offline = useNeedsConnection();
  const [farRate, setFarRate] = useState<{ question: string; input: CreateMovimientoInput } | null>(null);
  // Whose capital: the members, and for a retiro also whoever left but is still named by the
  // ledger, so their capital can be paid out — the server's list (GET …/socios, its own rule for a
  // retiro; DESIGN §28 "Former partners", decision 0064). An edit keeps offering its own socio.
  // Former partners follow the members, marked "(ex socio)".
  const nombrados = useSociosNombrados(ledgerId, tipo === 'retiro');
  const isMember = new Set(members.map((mm) => mm.userId));
  const otros = new Map<string, { nombre: string; ex: boolean }>();
  if (tipo === 'retiro')
    for (const s of nombrados.data ?? []) if (!isMember.has(s.userId)) otros.set(s.userId, { nombre: s.user_name, ex: s.ex_miembro });
  const propio = movimiento?.miembro;
  if (propio && !isMember.has(propio.id) && !otros.has(propio.id)) otros.set(propio.id, { nombre: propio.user_name, ex: true });
  const socios = [
    ...members.map((mm) => ({ value: mm.userId, label: mm.user.user_name })),
    // A member who joined after the page read its members is listed by name, not as a former one.
    ...[...otros]
      .sort(([, a], [, b]) => Number(a.ex) - Number(b.ex) || a.nombre.localeCompare(b.nombre, 'es'))
      .map(([id, o]) => ({ value: id, label: o.ex ? `${o.nombre} ${messages.sociosExSocio}` : o.nombre })),
  ];

  const opciones = [
    { value: SIN_ASIGNAR, label: messages.sinAsignar },
    // An edit keeps offering the movement's own accounts, archived or not (DESIGN §28).
    ...cuentas
      .filter(
        (c) => c.moneda === moneda && (!c.archivada || c.id === movimiento?.cuenta_origen_id || c.id === movimiento?.cuenta_destino_id),
      )
      .map((c) => ({ value: c.id, label: c.nombre })),
  ];
  const changeMoneda = (m: Moneda) => {
    setMoneda(m);
    setOrigen(SIN_ASIGNAR);
    setDestino(SIN_ASIGNAR);
    setCuenta(SIN_ASIGNAR);
  };
  const orNull = (id: string) => (id === SIN_ASIGNAR ? null : id);
  // No later than the browser's tomorrow, as the dashboard's date (decision 0035 "Dates of
  // entries"): the server refuses a later day (entryDayKeySchema), and 2062 typed for 2026 is said here first.
  const maxFecha = addDays(todayKey(), 1);
  // A VES aporte/retiro's rate (docs/api.md, decision 0063): a typed one is sent; an edit's stored
  // one left as it was is not (the server keeps it, resolved once at creation), and clearing it
  // sends `tasa: null`, which asks for the day's rate again. A new movement without one omits it.
  const tasaSent = (value: string | null): { tasa?: string | null } => {
    const kept = movimiento?.tasa ?? null;
    if (value === null) return kept === null ? {} : { tasa: null };
    return kept !== null && new Big(value).eq(kept) ? {} : { tasa: value };
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (offline.reason) return;
    const next: Errors = {};
    if (!isDayKey(fecha)) next.fecha = messages.dateInvalid;
    else if (fecha > maxFecha) next.fecha = messages.dateTooFar;
    const m = parseAmount(monto, AMOUNT_DECIMALS);
    if (!m.ok) next.monto = m.error;
    else if (m.value === null || !new Big(m.value).gt(0)) next.monto = messages.movMontoInvalido;
    const c = parseAmount(comision, AMOUNT_DECIMALS);
    if (!c.ok) next.comision = c.error;
    const r = parseAmount(tasa, RATE_DECIMALS);
    if (!r.ok) next.tasa = r.error;
    if (tipo === 'ajuste' && notas.trim() === '') next.notas = messages.movAjusteSinNotas;
    if (tipo === 'transferencia' && origen === destino)
      next.destino = origen === SIN_ASIGNAR ? messages.movTransferenciaSinCuentas : messages.movMismaCuenta;
    setErrors(next);
    if (Object.keys(next).length > 0 || !m.ok || !c.ok || !r.ok || m.value === null) return;

    const input: CreateMovimientoInput = { tipo, fecha, moneda, monto: m.value, comision: '0', notas: notas.trim() === '' ? null : notas };
    if (tipo === 'transferencia') {
      Object.assign(input, { cuenta_origen_id: orNull(origen), cuenta_destino_id: orNull(destino), comision: c.value ?? '0' });
    } else if (tipo === 'aporte' || tipo === 'retiro') {
      Object.assign(input, tipo === 'aporte' ? { cuenta_destino_id: orNull(destino) } : { cuenta_origen_id: orNull(origen) });
      Object.assign(input, { miembroId: miembroId || null, ...(moneda === 'VES' ? tasaSent(r.value) : {}) });
    } else {
      const id = orNull(cuenta);
      if (id === null) input.sentido = sentido;
      else Object.assign(input, sentido === 'entrada' ? { cuenta_destino_id: id } : { cuenta_origen_id: id });
    }
    // In an edit only a changed rate is asked about: the stored one was saved against its own day's market.
    const tasaNueva = typeof input.tasa === 'string' || typeof input.tasa === 'number' ? input.tasa : null;
    const warning =
      tasaNueva !== null && !(typeof movimiento?.tasa === 'number' && new Big(movimiento.tasa).eq(tasaNueva))
        ? rateFarFromMarket(tasaNueva, parallel)
        : null;
    if (warning && parallel !== undefined) setFarRate({ question: rateWarningText('tasa', warning, parallel), input });
    else send(input);
  };
  const send = (input: CreateMovimientoInput) => {
    if (movimiento) updateMov.mutate({ movId: movimiento.id, input: { ...input, version: movimiento.version } }, { onSuccess: onClose });
    else createMov.mutate({ input, idempotencyKey }, { onSuccess: onClose });
  };

  const origenField = <NativeSelect label={messages.movOrigen} value={origen} onChange={setOrigen} options={opciones} />;
  const destinoField = (
    <NativeSelect label={messages.movDestino} value={destino} onChange={setDestino} options={opciones} error={errors.destino} />
  );
  const socioField = <NativeSelect label={messages.movSocio} value={miembroId} onChange={setMiembroId} options={socios} />;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{movimiento ? `${messages.movEditar}: ${tipoMovLabel(tipo)}` : tipoMovLabel(tipo)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={messages.movFecha}
              type="date"
              value={fecha}
              onChange={(e) => setFecha(e.target.value)}
              error={Boolean(errors.fecha)}
              helperText={errors.fecha}
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: maxFecha } }}
            />
            <NativeSelect
              label={messages.cuentaMoneda}
              value={moneda}
              onChange={(v) => changeMoneda(v as Moneda)}
              options={MONEDAS.map((mm) => ({ value: mm, label: monedaLabel(mm) }))}
            />
            {tipo === 'transferencia' && (
              <>
                {origenField}
                {destinoField}
              </>
            )}
            {tipo === 'aporte' && (
              <>
                {socioField}
                {destinoField}
              </>
            )}
            {tipo === 'retiro' && (
              <>
                {socioField}
                {origenField}
              </>
            )}
            {tipo === 'ajuste' && (
              <>
                <NativeSelect label={messages.movCuenta} value={cuenta} onChange={setCuenta} options={opciones} />
                <NativeSelect
                  label={messages.movSentido}
                  value={sentido}
                  onChange={(v) => setSentido(v as Sentido)}
                  options={SENTIDOS.map((s) => ({ value: s, label: messages[`movSentido_${s}`] }))}
                />
              </>
            )}
            <AmountField label={messages.movMonto} value={monto} onChange={setMonto} error={errors.monto} autoFocus />
            {tipo === 'transferencia' && (
              <AmountField label={messages.movComision} value={comision} onChange={setComision} error={errors.comision} />
            )}
            {(tipo === 'aporte' || tipo === 'retiro') && moneda === 'VES' && (
              <AmountField label={messages.movTasa} value={tasa} onChange={setTasa} error={errors.tasa} maxDecimals={RATE_DECIMALS} />
            )}
            <TextField
              label={messages.movNotas}
              value={notas}
              onChange={(e) => setNotas(e.target.value)}
              error={Boolean(errors.notas)}
              helperText={errors.notas}
              required={tipo === 'ajuste'}
              fullWidth
              size="small"
              multiline
            />
            {create.isError && (
              <Alert severity="error">{errorMessage(create.error, movimiento ? messages.movUpdateError : messages.movCreateError)}</Alert>
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
      {farRate && (
        <OnlineConfirmDialog
          title={FAR_RATE_TITLE}
          text={farRate.question}
          confirmLabel={SAVE_ANYWAY}
          onCancel={() => setFarRate(null)}
          onConfirm={() => {
            send(farRate.input);
            setFarRate(null);
          }}
        />
      )}
    </Dialog>
  );
}
