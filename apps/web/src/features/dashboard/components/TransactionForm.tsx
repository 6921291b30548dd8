import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_DECIMALS,
  FEE_DECIMALS,
  RATE_DECIMALS,
  canPreviewCreate,
  formatRate,
  messages,
  padDecimals,
  previewCreateProfit,
  toInputText,
  transactionFormSchema,
  typedAmount,
  type TransactionData,
  type TransactionFormInput,
} from '@arb/shared';
import { ApiError } from '../../../shared/lib/api-client';
import type { RepeatDraft } from '../lib/repeat-draft';
import { useCreateTransaction, type CreateTransactionVars } from '../api/create-transaction';
import { enqueue, isNoAnswer, mustQueue } from '../hooks/useOfflineSync';
import { transactionFields } from './TransactionFields';
import { FORM_BODY_HEIGHT } from './TransactionFormPlaceholder';
import { useAfterPaint } from '../../../shared/lib/after-paint';
import { ProfitPreview } from './ProfitPreview';
import { FarRateDialog, farRateQuestions } from './FarRateDialog';
import { useDayCuentas } from '../api/day-cuentas';

// "Cuenta Bs" / "Cuenta USD" and the remembered choice: asked for only when the ledger has accounts,
// so a ledger without them loads nothing more with the form (docs/decisions/0019-dashboard-first-paint.md;
// docs/decisions/0052-accounts-on-the-dashboard.md).
const CuentaSelects = lazy(() => import('./CuentaSelects').then((m) => ({ default: m.CuentaSelects })));
const cuentaChoice = () => import('../../../shared/lib/cuenta-choice');

interface Props {
  ledgerId: string;
  fecha: string;
  onError(err: unknown, fallback: string, connectionFallback?: string): void;
  /** The parallel rate of the rates panel, offered as a one-click rate (undefined while unknown). */
  parallelRate?: number | undefined;
  /** No parallel rate is coming (the rates source failed, or no connection): its buttons say '---' instead of loading. */
  parallelRateMissing?: boolean | undefined;
  /** The last "Repetir" pressed on a row: the form takes its values, once per press (docs/product.md#repetir). */
  repeat?: RepeatDraft | null | undefined;
  /**
   * The day lies in a closed period (periodoCerradoTexto): nothing can be added to it, so the form's
   * controls are disabled and say why, before a send meets 409 PERIODO_CERRADO (the server stays the
   * authority; docs/decisions/0066-closed-days-and-past-rates-on-the-dashboard.md).
   */
  closedReason?: string | undefined;
}

type Values = {
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  comision_usd: string;
  notas: string;
  fecha: string;
  /** "Cuenta Bs" / "Cuenta USD" ('' = Sin asignar); kept when the form empties after a send. */
  cuentaVesId: string;
  cuentaUsdId: string;
};
/** The fields the form shows. */
const FIELD_NAMES = ['venta', 'tasa_venta', 'compra', 'tasa_compra', 'comision_usd', 'notas'] as const;
const emptyValues = (
  fecha: string,
  cuentas: { cuentaVesId: string; cuentaUsdId: string } = { cuentaVesId: '', cuentaUsdId: '' },
): Values => ({
  venta: '',
  tasa_venta: '',
  compra: '',
  tasa_compra: '',
  comision_usd: '',
  notas: '',
  fecha,
  cuentaVesId: cuentas.cuentaVesId,
  cuentaUsdId: cuentas.cuentaUsdId,
});

/** The decimals each money field shows on blur (TransactionFields' MoneyField). */
const FIELD_DECIMALS: Partial<Record<string, number>> = {
  venta: AMOUNT_DECIMALS,
  compra: AMOUNT_DECIMALS,
  tasa_venta: RATE_DECIMALS,
  tasa_compra: RATE_DECIMALS,
  comision_usd: FEE_DECIMALS,
};

const isFieldName = (name: string): name is (typeof FIELD_NAMES)[number] => (FIELD_NAMES as readonly string[]).includes(name);

/** True when `now` is `sent` as the field's blur writes it ("318" → "318,00"), not something typed. */
function onlyFormatted(name: string, sent: string, now: string): boolean {
  const decimals = FIELD_DECIMALS[name];
  return decimals !== undefined && sent !== '' && now !== sent && padDecimals(sent, decimals) === now;
}

/** The new-transaction form of docs/product.md#screens: 'Venta USD' / 'Compra USD', live profit, 'Agregando...'. */
export function TransactionForm({
  ledgerId,
  fecha,
  onError,
  parallelRate,
  parallelRateMissing = false,
  repeat = null,
  closedReason,
}: Props) {
  const closed = closedReason !== undefined;
  const form = useForm<TransactionFormInput, unknown, TransactionData>({
    resolver: zodResolver(transactionFormSchema),
    defaultValues: emptyValues(fecha),
  });
  const { watch, handleSubmit, reset, setValue, getValues, formState } = form;
  const create = useCreateTransaction();
  // One Idempotency-Key per submitted form: kept while the same values are retried, new after any edit.
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setValue('fecha', fecha), [fecha, setValue]);
  // Another ledger or day is another request (docs/product.md#account-security): never reuse the key across them.
  useEffect(() => {
    if (!inFlight.current) idempotencyKey.current = null;
  }, [ledgerId, fecha]);
  // The fields the user changed while a create was on its way: the answer leaves them as they are.
  const changedWhileSending = useRef(new Set<string>());
  useEffect(() => {
    const sub = form.watch((_values, { name }) => {
      if (!inFlight.current) idempotencyKey.current = null;
      else if (name) changedWhileSending.current.add(name);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const [venta, tasaVenta, compra, tasaCompra, comision, notas] = watch(FIELD_NAMES);
  // The ledger's accounts, from the day's answer (none: no selects, the request names none).
  const cuentas = useDayCuentas(ledgerId, fecha);
  const [cuentaVesId, cuentaUsdId] = watch(['cuentaVesId', 'cuentaUsdId']);
  // The user's last choice for this ledger, once its accounts are known (and again on another ledger).
  useEffect(() => {
    if (cuentas.length === 0) return;
    let live = true;
    void cuentaChoice().then(({ readCuentaChoice }) => {
      if (!live) return;
      const choice = readCuentaChoice(ledgerId, cuentas);
      setValue('cuentaVesId', choice.ves);
      setValue('cuentaUsdId', choice.usd);
    });
    return () => {
      live = false;
    };
  }, [ledgerId, cuentas, setValue]);
  const chooseCuenta = (name: 'cuentaVesId' | 'cuentaUsdId', value: string) => {
    const now = getValues() as Values;
    const next = { cuentaVesId: now.cuentaVesId, cuentaUsdId: now.cuentaUsdId, [name]: value };
    void cuentaChoice().then(({ saveCuentaChoice }) => saveCuentaChoice(ledgerId, { ves: next.cuentaVesId, usd: next.cuentaUsdId }));
  };
  // The preview reads the fields as typed ("318,5"): one that cannot be read yet counts as empty.
  const typed = [
    typedAmount(venta, AMOUNT_DECIMALS),
    typedAmount(tasaVenta, RATE_DECIMALS),
    typedAmount(compra, AMOUNT_DECIMALS),
    typedAmount(tasaCompra, RATE_DECIMALS),
  ] as const;
  const showProfit = canPreviewCreate(...typed);
  const profit = showProfit ? previewCreateProfit(...typed) : 0;

  /**
   * After the answer (or once queued), the form empties only the fields that still hold what was
   * sent: a field typed in meanwhile — the next trade, typed during "Agregando..." — keeps what the
   * user typed (issue 36: the answer wiped it, or ate the first keystrokes, "80" left "0.00").
   */
  const clearSent = (sent: Values) => {
    const now = getValues() as Values;
    // A field left while the create was on its way is written es-ES on blur ("318" → "318,00"): that
    // is the sent value as shown, not a new one, and it goes like the others (issue 36 walk: a rate
    // sent with Enter stayed in its field once the next field was clicked, ready to be sent again).
    const kept = new Set(
      [...changedWhileSending.current].filter((name) => !isFieldName(name) || !onlyFormatted(name, sent[name], now[name])),
    );
    // The accounts stay: the next operation usually goes to the same ones.
    if (kept.size === 0 && FIELD_NAMES.every((name) => now[name] === sent[name])) {
      reset(emptyValues(fecha, now));
      return;
    }
    const next = emptyValues(fecha, now);
    for (const name of FIELD_NAMES)
      if (kept.has(name) || (now[name] !== sent[name] && !onlyFormatted(name, sent[name], now[name]))) next[name] = now[name];
    // keepFieldsRef: the fields keep their inputs and get their values at once. Without it React Hook
    // Form forgets the inputs until they are drawn again, and the field being typed in (drawn again
    // only when its looks change) took back its old value at the next keystroke: "80" became "8".
    reset(next, { keepFieldsRef: true });
  };

  // A rate far from the parallel one is asked about before it is sent (docs/product.md#money).
  const [farRate, setFarRate] = useState<{ data: TransactionData; questions: string[] } | null>(null);

  // docs/product.md#binance-import: the row's ocurrido_en is the moment "Agregar" was pressed (kept for a retry of
  // the same form, like its Idempotency-Key), so a row sent later keeps its place in the day.
  const pressedAt = useRef<string | null>(null);
  const send = async (data: TransactionData) => {
    if (inFlight.current) return;
    inFlight.current = true;
    changedWhileSending.current = new Set();
    const sent = getValues() as Values;
    if (idempotencyKey.current === null) pressedAt.current = new Date().toISOString();
    idempotencyKey.current ??= crypto.randomUUID();
    const { cuentaVesId: _ves, cuentaUsdId: _usd, ...amounts } = data as TransactionData & { cuentaVesId?: string; cuentaUsdId?: string };
    const vars: CreateTransactionVars = {
      ledgerId,
      // Accounts only where the ledger has them: a ledger without accounts sends what it always sent.
      input:
        cuentas.length > 0 ? { ...amounts, cuenta_ves_id: sent.cuentaVesId || null, cuenta_usd_id: sent.cuentaUsdId || null } : amounts,
      ocurridoEn: pressedAt.current ?? new Date().toISOString(),
      ganancia: previewCreateProfit(data.venta, data.tasa_venta, data.compra, data.tasa_compra),
      idempotencyKey: idempotencyKey.current,
    };
    const queue = async () => {
      // docs/product.md#working-offline: it waits in the queue under the key it was born with; the form is free again.
      await enqueue({ kind: 'create', ...vars });
      idempotencyKey.current = null;
      clearSent(sent);
    };
    try {
      if (mustQueue()) await queue();
      else {
        await create.mutateAsync(vars);
        idempotencyKey.current = null;
        clearSent(sent);
      }
    } catch (err) {
      // The server saw this key with other data: the next try gets a fresh one.
      if (err instanceof ApiError && err.code === 'IDEMPOTENCY_MISMATCH') idempotencyKey.current = null;
      // No HTTP answer: not an error for the user, the queue sends it when the connection returns.
      if (isNoAnswer(err)) {
        try {
          await queue();
          return;
        } catch {
          // The browser could not store it either: say so below, the form keeps the values.
        }
      }
      onError(err, messages.txCreateError, messages.txCreateConnectionError);
    } finally {
      inFlight.current = false;
      // A field typed while it was sent no longer matches the key's data: the next send gets a new key.
      if (changedWhileSending.current.size > 0) idempotencyKey.current = null;
      changedWhileSending.current = new Set();
    }
  };
  const submit = handleSubmit(async (data) => {
    if (inFlight.current || closed) return;
    const questions = farRateQuestions(data, parallelRate);
    if (questions.length > 0) setFarRate({ data, questions });
    else await send(data);
  });
  const busy = formState.isSubmitting || create.isPending;
  const { money, fee, notes } = transactionFields(form);
  // "Usar tasa paralela" is always there, in each column, with its height: the rate is asked after
  // the day's list has painted and came after the form, which then grew by one button per column
  // and moved the list below it (112 px at 360 px, 43 px at 768 px; docs/decisions/0019-dashboard-first-paint.md
  // "Nothing moves when the rate and the position arrive"). Until the rate is known the button is
  // disabled (out of the tab order, announced as unavailable) and shows MUI's loading indicator,
  // labelled by the button; when no rate is coming it says '---', the product's missing value
  // (docs/product.md#screens).
  const parallelButton = (name: 'tasa_venta' | 'tasa_compra') => {
    const known = parallelRate !== undefined;
    const loading = !known && !parallelRateMissing;
    return (
      <Button
        id={`parallel-${name}`}
        size="small"
        sx={{ justifySelf: 'start' }}
        disabled={!known || closed}
        loading={loading}
        loadingPosition="end"
        // MUI's own indicator, labelled by its button, that only turns: its default also animates
        // the circle's stroke, which the browser redraws on the main thread every frame until the
        // rate comes; a turn is the compositor's (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
        loadingIndicator={<CircularProgress color="inherit" size={16} disableShrink aria-labelledby={`parallel-${name}`} />}
        onClick={() => {
          if (known) setValue(name, toInputText(parallelRate, 4), { shouldValidate: formState.isSubmitted });
        }}
      >
        {known
          ? `Usar tasa paralela (${formatRate(parallelRate)})`
          : loading
            ? 'Usar tasa paralela'
            : `Usar tasa paralela (${messages.rateMissingValue})`}
      </Button>
    );
  };
  // The form comes in three commits, top to bottom: the sale's fields, the purchase's, then the fee,
  // the notes and "Agregar". Drawn at once, its commit (six text fields and their styles, which
  // Emotion writes as the fields mount) was the dashboard's longest task after its first paint on a
  // phone; React cannot split a commit. The body keeps the height of the whole empty form from the
  // start (the placeholder's), so nothing below it moves as the rest comes
  // (docs/decisions/0027-fewer-redraws-of-the-dashboard.md "The form in three commits").
  // Someone who reaches the form before it is whole (a tap, a Tab, the parallel-rate button) gets the
  // rest at once: Enter in a field submits only once "Agregar Transacción" is there (a form with
  // several fields and no submit button has no implicit submission), and the rest could wait for
  // an idle moment while they type (an e2e journey typed four amounts and pressed Enter before it).
  const [reached, setReached] = useState(false);
  const second = useAfterPaint(true) || reached;
  const third = useAfterPaint(second) || reached;
  const section = useRef<HTMLElement>(null);
  useRepeat(repeat, section, (values) => {
    setReached(true);
    // The whole form takes the row's values (and nothing is sent: the user checks, then "Agregar").
    // The accounts ride along as form values for the account selects (docs/product.md#repetir).
    reset({ ...emptyValues(fecha), ...values } as TransactionFormInput, { keepFieldsRef: true });
  });
  // Each part keeps its element while what it shows is the same: React Hook Form draws the form
  // again right after mounting it (to mark it ready), inside the commit that mounts it, and every
  // MUI part was drawn twice in that task; a part that did not change is not drawn again when the
  // next one comes either (decision 0027).
  const error = (name: (typeof FIELD_NAMES)[number]) => formState.errors[name]?.message ?? null;
  const { isSubmitted } = formState;
  const rateShown = [parallelRate ?? null, parallelRateMissing, closedReason ?? null];
  /** One column of the form (docs/product.md#screens): the amount, the rate and its parallel-rate button. */
  const column = (
    legend: string,
    amount: 'venta' | 'compra',
    amountLabel: string,
    rate: 'tasa_venta' | 'tasa_compra',
    rateLabel: string,
  ) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" color="textSecondary" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {money(amount, amountLabel)}
      {money(rate, rateLabel)}
      {parallelButton(rate)}
    </Box>
  );
  const sale = useKept(JSON.stringify([venta, tasaVenta, error('venta'), error('tasa_venta'), isSubmitted, rateShown]), () =>
    column('Venta USD', 'venta', 'Venta (USD)', 'tasa_venta', 'Tasa de venta (Bs)'),
  );
  const purchase = useKept(JSON.stringify([compra, tasaCompra, error('compra'), error('tasa_compra'), isSubmitted, rateShown]), () =>
    column('Compra USD', 'compra', 'Compra (USD)', 'tasa_compra', 'Tasa de compra (Bs)'),
  );
  const cuentaFields =
    cuentas.length > 0 ? (
      <Suspense fallback={null}>
        <CuentaSelects
          cuentas={cuentas}
          ves={form.register('cuentaVesId', {
            onChange: (e: { target: { value: string } }) => chooseCuenta('cuentaVesId', e.target.value),
          })}
          usd={form.register('cuentaUsdId', {
            onChange: (e: { target: { value: string } }) => chooseCuenta('cuentaUsdId', e.target.value),
          })}
        />
      </Suspense>
    ) : null;
  const rest = useKept(
    JSON.stringify([
      comision,
      notas,
      error('comision_usd'),
      error('notas'),
      isSubmitted,
      busy,
      showProfit ? profit : null,
      cuentas,
      cuentaVesId,
      cuentaUsdId,
      closedReason ?? null,
    ]),
    () => (
      <>
        {cuentaFields}
        {fee()}
        {notes()}
        {showProfit && <ProfitPreview value={profit} />}
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={busy || closed}
          aria-describedby={closed ? CLOSED_REASON_ID : undefined}
          sx={{ justifySelf: { sm: 'start' } }}
        >
          {busy ? 'Agregando...' : 'Agregar Transacción'}
        </Button>
        {/* DisabledReason's look, drawn here: its own file was one download more for the dashboard. */}
        {closed && (
          <Typography id={CLOSED_REASON_ID} variant="body2" color="textSecondary">
            {closedReason}
          </Typography>
        )}
      </>
    ),
  );
  return (
    <Paper ref={section} component="section" aria-labelledby="new-tx-title" aria-busy={!third} sx={REPEAT_SCROLL_SX}>
      <Typography id="new-tx-title" variant="h6" component="h2" gutterBottom>
        Nueva Transacción
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        onFocus={() => setReached(true)}
        sx={{ display: 'grid', gap: 2, alignContent: 'start', minHeight: FORM_BODY_HEIGHT }}
      >
        {/* A closed day: every field and button inside is disabled at once (a disabled fieldset). */}
        <Box
          component="fieldset"
          disabled={closed}
          aria-describedby={closed ? CLOSED_REASON_ID : undefined}
          sx={{ display: 'contents', border: 0, p: 0, m: 0 }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {sale}
            {second && purchase}
          </Box>
          {third && rest}
        </Box>
      </Box>
      {farRate && (
        <FarRateDialog
          questions={farRate.questions}
          onCancel={() => setFarRate(null)}
          onConfirm={() => {
            setFarRate(null);
            void send(farRate.data);
          }}
        />
      )}
    </Paper>
  );
}

/** The closed day's reason line, named by the disabled controls (one form on the page). */
const CLOSED_REASON_ID = 'new-tx-closed-reason';

/**
 * The form's padding, and the room "Repetir" leaves above it when it scrolls the form into view:
 * the sticky app bar (56 px on a phone, 64 px from 600 px) would cover its title and first field.
 */
const REPEAT_SCROLL_SX = { p: 2, scrollMarginTop: { xs: 64, sm: 72 } } as const;

/**
 * Applies each new "Repetir" press once (its `n`), then brings the form to the user: on a phone it
 * sits above the day's list, out of sight once the user has scrolled to a row, so it is scrolled
 * into view (only as far as needed: on a desktop it usually is in view already) and the first
 * filled amount gets the focus, without a second jump.
 */
function useRepeat(
  repeat: RepeatDraft | null,
  section: React.RefObject<HTMLElement | null>,
  fill: (values: RepeatDraft['values']) => void,
) {
  const applied = useRef(0);
  useEffect(() => {
    if (!repeat || repeat.n === applied.current) return;
    applied.current = repeat.n;
    fill(repeat.values);
    const first = repeat.values.venta !== '' ? 'venta' : 'compra';
    // After the filled form is drawn (the purchase column may come only with this press).
    const timer = window.setTimeout(() => {
      const el = section.current;
      if (!el) return;
      if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      el.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
    // `fill` is a new function at every render; the press number is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [repeat]);
}

/**
 * The element `build` returns, kept while `key` is the same: React does not draw again an element
 * it has drawn, so a part of the form whose key did not change costs nothing when the form is drawn
 * again. `key` must hold everything the element shows; its handlers are those of the render that
 * built it (React Hook Form's are stable; the rate button's reads what its key holds).
 */
function useKept(key: string, build: () => ReactElement): ReactElement {
  // The key stands for build's inputs, which are new functions and objects at every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(build, [key]);
}
