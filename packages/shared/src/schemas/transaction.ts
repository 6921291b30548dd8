// zod/mini (see common.ts): the dashboard's forms use these schemas; classic zod would also pull
// its extra core code into the chunk the login page shares with the dashboard (docs/benchmarks.md budget).
import { z } from 'zod/mini';
import { MONEY_MAX, NOTES_MAX } from '../constants.ts';
import { messages } from '../messages.ts';
import { Big, decimalPlaces, toFixedString, tryBig } from '../money/decimal.ts';
import { oversizedFigure } from '../money/figure-limit.ts';
import { computeTransaction } from '../money/transaction-math.ts';
import { AMOUNT_DECIMALS, FEE_DECIMALS, RATE_DECIMALS, parseAmount } from '../money/parse-amount.ts';
import { entryDayKeySchema, uuidSchema } from './common.ts';

/**
 * Transaction and daily-balance schemas, shared by the web forms and the server routes (docs/product.md#money,
 * docs/product.md#money). Money fields come in as numbers or strings and go out as canonical decimal strings
 * ("100.00", "40.5000"), matching the NUMERIC(…,2) / NUMERIC(…,4) columns, so no float ever
 * reaches the arithmetic. Wrong types are validation issues with a Spanish message, never throws.
 */

// Plain decimal text: "12", "12.5", "12.", ".5". No sign, exponent, grouping or comma — a value
// such as "1,000" must not be guessed at in a money app.
const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;

interface DecimalFieldOptions {
  /** Maximum decimals, and the scale of the output string. */
  scale: number;
  /** Message for anything that is not a non-negative number with at most `scale` decimals. */
  invalid: string;
  /** When false, '' / null / undefined mean "not given" and become 0. */
  required: boolean;
}

/** Parses one raw field value into a Big, or returns a message. */
function parseDecimal(raw: unknown, { scale, invalid, required }: DecimalFieldOptions): Big | string {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === '' || text === null || text === undefined) return required ? invalid : new Big(0);
  const valid = typeof text === 'number' ? Number.isFinite(text) : typeof text === 'string' && DECIMAL_TEXT.test(text);
  if (!valid) return invalid;
  const value = new Big(text as number | string);
  if (value.lt(0) || decimalPlaces(value) > scale) return invalid;
  if (value.gt(MONEY_MAX)) return messages.valueTooLarge;
  return value;
}

function decimalField(options: DecimalFieldOptions) {
  // The union only describes the accepted input (and the OpenAPI document); the transform checks it.
  const input = options.required
    ? z.union([z.number(), z.string()], { error: options.invalid })
    : z.optional(z.union([z.number(), z.string(), z.null()], { error: options.invalid }));
  return z.pipe(
    input,
    z.transform((raw: number | string | null | undefined, payload) => {
      const parsed = parseDecimal(raw, options);
      if (typeof parsed === 'string') {
        payload.issues.push({ code: 'custom', message: parsed, input: raw });
        return z.NEVER;
      }
      return toFixedString(parsed, options.scale);
    }),
  );
}

/** A USD amount: ≥ 0, ≤ 2 decimals, ≤ 1e12; '' / null / missing = not given = "0.00". */
export const moneyAmountSchema = decimalField({ scale: 2, invalid: messages.amountInvalid, required: false });

/** A rate in Bs per USD: ≥ 0, ≤ 4 decimals, ≤ 1e12; 0 / '' / missing = not given = "0.0000". */
export const rateSchema = decimalField({ scale: 4, invalid: messages.rateInvalid, required: false });

/** A fee in USD (docs/product.md#binance-import): ≥ 0, ≤ 8 decimals, ≤ 1e12; '' / null / missing = "0.00000000". */
export const feeSchema = decimalField({ scale: 8, invalid: messages.feeInvalid, required: false });

/** An edit's fee: missing keeps the stored fee (undefined); anything else is read as feeSchema. */
const feeEditSchema = z.optional(feeSchema);

/** How far ahead of the server's clock an ocurrido_en may be (clocks of phones drift). */
export const OCCURRED_AT_MAX_AHEAD_MS = 60_000;

/**
 * When the order happened (docs/product.md#binance-import): an ISO 8601 instant with an offset or Z, not later than
 * now + 1 minute; answered as the canonical ISO string (UTC, milliseconds). Optional: missing =
 * now on create, unchanged on edit.
 */
export const occurredAtSchema = z.optional(
  z.pipe(
    z.string({ error: messages.occurredAtInvalid }),
    z.transform((raw: string, payload) => {
      const text = raw.trim();
      const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : NaN;
      if (!Number.isFinite(ms)) {
        payload.issues.push({ code: 'custom', message: messages.occurredAtInvalid, input: raw });
        return z.NEVER;
      }
      if (ms > Date.now() + OCCURRED_AT_MAX_AHEAD_MS) {
        payload.issues.push({ code: 'custom', message: messages.occurredAtFuture, input: raw });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    }),
  ),
);

/** A base balance: required, ≥ 0, ≤ 2 decimals, ≤ 1e12 (docs/product.md#money base balance rule). */
export const baseBalanceSchema = decimalField({ scale: 2, invalid: messages.baseBalanceInvalid, required: true });
/** A cuadre's `saldo_real` (docs/product.md#cuadre): the same number as a base, in the cuadre's own words. */
export const cuadreSaldoSchema = decimalField({ scale: 2, invalid: messages.cuadreSaldoInvalido, required: true });

/** Optional notes: trimmed, '' / missing → null, at most NOTES_MAX characters. */
export const notesSchema = z.pipe(
  z.optional(z.union([z.string(), z.null()], { error: messages.validationFailed })),
  z.transform((raw: string | null | undefined, payload) => {
    const text = raw?.trim() ?? '';
    if (text.length > NOTES_MAX) {
      payload.issues.push({ code: 'custom', message: messages.notesTooLong, input: raw });
      return z.NEVER;
    }
    return text === '' ? null : text;
  }),
);

/** A body that is not an object at all (null, an array, a string). */
const objectError = { error: messages.validationFailed };

/**
 * A transaction's account of one currency (docs/product.md#cuentas-y-movimientos): an id, null for
 * Sin asignar, or omitted (create: Sin asignar; edit: keeps the row's account).
 */
export const cuentaRefSchema = z.optional(z.nullable(z.uuid({ error: messages.cuentaInvalida })));

const inputShape = {
  venta: moneyAmountSchema,
  tasa_venta: rateSchema,
  compra: moneyAmountSchema,
  tasa_compra: rateSchema,
  notas: notesSchema,
  fecha: entryDayKeySchema,
};

interface TxAmounts {
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  /** Undefined on an edit that keeps the stored fee. */
  comision_usd?: string | undefined;
}

const AMOUNT_KEYS: readonly PropertyKey[] = ['venta', 'tasa_venta', 'compra', 'tasa_compra'];

/**
 * Run the cross-field rules whenever the four amount fields themselves are valid, so a form still
 * learns "Si proporciona venta…" while, say, the notes are too long (zod would skip them otherwise).
 */
const amountsAreValid = {
  // Raw issues may lack a path (the body itself is not an object): then skip the rules too.
  when: (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => {
      const key = (issue.path as PropertyKey[] | undefined)?.[0];
      return key !== undefined && !AMOUNT_KEYS.includes(key);
    }),
};

/** docs/product.md#money cross-field rules: at least one amount, and each amount given needs its rate. */
function transactionRules(tx: TxAmounts, ctx: z.core.$RefinementCtx<TxAmounts>): void {
  const venta = new Big(tx.venta).gt(0);
  const compra = new Big(tx.compra).gt(0);
  if (!venta && !compra) ctx.addIssue({ code: 'custom', message: messages.txNeedsAmount, path: ['venta'] });
  if (venta && !new Big(tx.tasa_venta).gt(0)) ctx.addIssue({ code: 'custom', message: messages.txNeedsSaleRate, path: ['tasa_venta'] });
  if (compra && !new Big(tx.tasa_compra).gt(0))
    ctx.addIssue({ code: 'custom', message: messages.txNeedsPurchaseRate, path: ['tasa_compra'] });
  // Issue 36: every figure of the row must stay exact in JSON (money/figure-limit.ts). An edit that
  // omits the fee is checked again by the server with the stored one.
  const fee = tryBig(tx.comision_usd ?? '0');
  const oversized = fee && oversizedFigure(computeTransaction({ ...tx, comision_usd: fee.toFixed() }));
  if (oversized) ctx.addIssue({ code: 'custom', message: messages.txTooLarge, path: [oversized === 'bs_pagados' ? 'compra' : 'venta'] });
}

/**
 * The fields of a transaction as the create and edit forms send them, the fee included (DESIGN
 * docs/product.md#money: '' = no fee = "0.00000000"; the edit dialog starts from the stored fee, so it keeps it).
 */
export const transactionInputSchema = z
  .object({ ...inputShape, comision_usd: feeSchema }, objectError)
  .check(z.superRefine(transactionRules, amountsAreValid));
export type TransactionInput = z.input<typeof transactionInputSchema>;
export type TransactionData = z.output<typeof transactionInputSchema>;

type CreateShape = TransactionData & {
  ledgerId: string;
  ganancia?: unknown;
  ocurrido_en?: string | undefined;
  cuenta_ves_id?: string | null | undefined;
  cuenta_usd_id?: string | null | undefined;
};

/**
 * A form's money field as typed (docs/product.md#money "Typing numbers"): "318,5", "1.234,56" and
 * the like are read by parseAmount (its Spanish message when it cannot be read one way only),
 * then checked as the API checks them. The API itself takes plain decimals only.
 */
function typedField<S extends z.ZodMiniType<unknown, number | string | null | undefined>>(maxDecimals: number, schema: S) {
  return z.pipe(
    z.pipe(
      z.optional(z.union([z.number(), z.string(), z.null()])),
      z.transform((raw: number | string | null | undefined, payload) => {
        if (typeof raw !== 'string') return raw;
        const parsed = parseAmount(raw, maxDecimals);
        if (parsed.ok) return parsed.value ?? '';
        payload.issues.push({ code: 'custom', message: parsed.error, input: raw });
        return z.NEVER;
      }),
    ),
    schema,
  );
}

/**
 * The transaction forms (new, edit, a queued one's "Editar"): the fields as people type them, the
 * same output and cross-field rules as transactionInputSchema.
 */
export const transactionFormSchema = z
  .object(
    {
      ...inputShape,
      venta: typedField(AMOUNT_DECIMALS, moneyAmountSchema),
      tasa_venta: typedField(RATE_DECIMALS, rateSchema),
      compra: typedField(AMOUNT_DECIMALS, moneyAmountSchema),
      tasa_compra: typedField(RATE_DECIMALS, rateSchema),
      comision_usd: typedField(FEE_DECIMALS, feeSchema),
      // The "Cuenta Bs" / "Cuenta USD" selects (docs/product.md#cuentas-y-movimientos): an account id,
      // '' for Sin asignar. Part of the form's values so a prefill ("Repetir") can set them too.
      cuentaVesId: z.optional(z.string()),
      cuentaUsdId: z.optional(z.string()),
    },
    objectError,
  )
  .check(z.superRefine(transactionRules, amountsAreValid));
export type TransactionFormInput = z.input<typeof transactionFormSchema>;

/**
 * POST /api/transactions. A client `ganancia` is accepted (the create form sends its preview) but
 * dropped: the server always recomputes the profit (docs/product.md#money).
 */
export const createTransactionSchema = z.pipe(
  z
    .object(
      {
        ...inputShape,
        comision_usd: feeSchema,
        ocurrido_en: occurredAtSchema,
        ledgerId: uuidSchema,
        ganancia: z.optional(z.unknown()),
        cuenta_ves_id: cuentaRefSchema,
        cuenta_usd_id: cuentaRefSchema,
      },
      objectError,
    )
    .check(z.superRefine(transactionRules, amountsAreValid)),
  z.transform(({ venta, tasa_venta, compra, tasa_compra, notas, fecha, ledgerId, comision_usd, ocurrido_en, ...cuentas }: CreateShape) => ({
    // Only when given, so a request without accounts hashes as before (its Idempotency-Key binding).
    ...(cuentas.cuenta_ves_id === undefined ? {} : { cuenta_ves_id: cuentas.cuenta_ves_id }),
    ...(cuentas.cuenta_usd_id === undefined ? {} : { cuenta_usd_id: cuentas.cuenta_usd_id }),
    venta,
    tasa_venta,
    compra,
    tasa_compra,
    notas,
    fecha,
    ledgerId,
    comision_usd,
    /** undefined: the moment the server writes the row. */
    ocurrido_en,
  })),
);
export type CreateTransactionInput = z.input<typeof createTransactionSchema>;
export type CreateTransactionData = z.output<typeof createTransactionSchema>;

/**
 * PUT /api/transactions/:id. `version` enables the optimistic-concurrency check (409 when stale).
 * `comision_usd` and `ocurrido_en` are undefined when omitted: the edit keeps them (docs/product.md#binance-import).
 */
export const updateTransactionSchema = z
  .object(
    {
      ...inputShape,
      comision_usd: feeEditSchema,
      ocurrido_en: occurredAtSchema,
      cuenta_ves_id: cuentaRefSchema,
      cuenta_usd_id: cuentaRefSchema,
      version: z.optional(z.int({ error: messages.validationFailed }).check(z.positive(messages.validationFailed))),
    },
    objectError,
  )
  .check(z.superRefine(transactionRules, amountsAreValid));
export type UpdateTransactionInput = z.input<typeof updateTransactionSchema>;
export type UpdateTransactionData = z.output<typeof updateTransactionSchema>;

/** PATCH /api/transactions/:id/toggle-verify. */
export const toggleVerifySchema = z.object({ esta_verificada: z.boolean({ error: messages.validationFailed }) }, objectError);
export type ToggleVerifyInput = z.infer<typeof toggleVerifySchema>;

/**
 * One currency of PUT /api/daily-balances (docs/product.md#balances-of-a-day): omitted (undefined) keeps that currency's
 * state, null returns it to inherited, a value sets it explicitly (≥ 0, docs/product.md#money).
 */
export const baseBalanceOrInheritedSchema = z.pipe(
  z.optional(z.union([z.number(), z.string(), z.null()], { error: messages.baseBalanceInvalid })),
  z.transform((raw: number | string | null | undefined, payload): string | null | undefined => {
    if (raw === undefined || raw === null) return raw;
    const parsed = parseDecimal(raw, { scale: 2, invalid: messages.baseBalanceInvalid, required: true });
    if (typeof parsed === 'string') {
      payload.issues.push({ code: 'custom', message: parsed, input: raw });
      return z.NEVER;
    }
    return toFixedString(parsed, 2);
  }),
);

/** PUT /api/daily-balances/:ledgerId: `{fecha, saldo_base_ves?, saldo_base_usd?}`, at least one currency (docs/product.md#balances-of-a-day). */
export const dailyBalanceInputSchema = z
  .object(
    { saldo_base_ves: baseBalanceOrInheritedSchema, saldo_base_usd: baseBalanceOrInheritedSchema, fecha: entryDayKeySchema },
    objectError,
  )
  .check(
    z.refine((d) => d.saldo_base_ves !== undefined || d.saldo_base_usd !== undefined, {
      message: messages.baseBalanceInvalid,
      path: ['saldo_base_ves'],
    }),
  );
export type DailyBalanceInput = z.input<typeof dailyBalanceInputSchema>;
export type DailyBalanceData = z.output<typeof dailyBalanceInputSchema>;
