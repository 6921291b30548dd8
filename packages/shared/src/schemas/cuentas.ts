// zod/mini, like the transaction schemas (the web's forms use these too).
import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { Big } from '../money/decimal.ts';
import { MONEDAS, SENTIDOS, TIPOS_CUENTA, TIPOS_MOVIMIENTO, movementShapeError } from '../money/cuentas.ts';
import { dayKeySchema, entryDayKeySchema, uuidSchema } from './common.ts';
import { cuadreSaldoSchema, moneyAmountSchema, notesSchema, occurredAtSchema, rateSchema } from './transaction.ts';

/**
 * Accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos, docs/api.md#cuentas):
 * request schemas and answer types shared by the server's routes and the web's forms.
 */

const objectError = { error: messages.validationFailed };
const versionSchema = z.optional(z.int({ error: messages.validationFailed }).check(z.positive(messages.validationFailed)));
/** An account named by a request: an id, or null for Sin asignar. */
const cuentaIdSchema = z.optional(z.nullable(z.uuid({ error: messages.cuentaInvalida })));

const nombreSchema = z.pipe(
  z.string({ error: messages.cuentaNombreInvalido }),
  z.transform((raw: string, payload) => {
    const text = raw.trim().replace(/\s+/gu, ' ');
    if (text.length < 1 || text.length > 60) {
      payload.issues.push({ code: 'custom', message: messages.cuentaNombreInvalido, input: raw });
      return z.NEVER;
    }
    return text;
  }),
);

const metodosSchema = z.pipe(
  z.array(z.string({ error: messages.cuentaMetodoInvalido }), { error: messages.cuentaMetodoInvalido }),
  z.transform((raw: string[], payload) => {
    const list = [...new Set(raw.map((m) => m.trim()))];
    if (list.length > 20 || list.some((m) => m.length < 1 || m.length > 60)) {
      payload.issues.push({ code: 'custom', message: messages.cuentaMetodoInvalido, input: raw });
      return z.NEVER;
    }
    return list;
  }),
);

const monedaSchema = z.enum(MONEDAS, { error: messages.validationFailed });
const tipoCuentaSchema = z.enum(TIPOS_CUENTA, { error: messages.validationFailed });

/** POST /api/ledgers/:id/cuentas. `titularId` defaults to the creator. */
export const createCuentaSchema = z.object(
  {
    nombre: nombreSchema,
    moneda: monedaSchema,
    tipo: tipoCuentaSchema,
    titularId: z.optional(uuidSchema),
    metodos_binance: z.optional(metodosSchema),
  },
  objectError,
);
export type CreateCuentaInput = z.input<typeof createCuentaSchema>;
export type CreateCuentaData = z.output<typeof createCuentaSchema>;

/** PUT /api/ledgers/:id/cuentas/:cuentaId: any subset of the fields, `archivada` to archive or bring back. */
export const updateCuentaSchema = z.object(
  {
    nombre: z.optional(nombreSchema),
    moneda: z.optional(monedaSchema),
    tipo: z.optional(tipoCuentaSchema),
    titularId: z.optional(uuidSchema),
    metodos_binance: z.optional(metodosSchema),
    archivada: z.optional(z.boolean({ error: messages.validationFailed })),
    version: versionSchema,
  },
  objectError,
);
export type UpdateCuentaInput = z.input<typeof updateCuentaSchema>;
export type UpdateCuentaData = z.output<typeof updateCuentaSchema>;

const montoSchema = z.pipe(
  moneyAmountSchema,
  z.transform((value: string, payload) => {
    if (!new Big(value).gt(0)) {
      payload.issues.push({ code: 'custom', message: messages.movMontoInvalido, input: value });
      return z.NEVER;
    }
    return value;
  }),
);

const tasaSchema = z.optional(
  z.nullable(
    z.pipe(
      rateSchema,
      z.transform((value: string, payload) => {
        if (!new Big(value).gt(0)) {
          payload.issues.push({ code: 'custom', message: messages.movTasaInvalida, input: value });
          return z.NEVER;
        }
        return value;
      }),
    ),
  ),
);

const movimientoShape = {
  tipo: z.enum(TIPOS_MOVIMIENTO, { error: messages.validationFailed }),
  // Written into the ledger: no later than tomorrow, like a transaction's day (issue 36).
  fecha: entryDayKeySchema,
  ocurrido_en: occurredAtSchema,
  moneda: monedaSchema,
  monto: montoSchema,
  comision: moneyAmountSchema,
  cuenta_origen_id: cuentaIdSchema,
  cuenta_destino_id: cuentaIdSchema,
  sentido: z.optional(z.nullable(z.enum(SENTIDOS, { error: messages.movAjusteSentido }))),
  miembroId: z.optional(z.nullable(uuidSchema)),
  tasa: tasaSchema,
  notas: notesSchema,
};

type MovementShape = {
  tipo: (typeof TIPOS_MOVIMIENTO)[number];
  moneda: (typeof MONEDAS)[number];
  monto: string;
  comision: string;
  cuenta_origen_id?: string | null | undefined;
  cuenta_destino_id?: string | null | undefined;
  sentido?: (typeof SENTIDOS)[number] | null | undefined;
  notas: string | null;
};

function movementRules(m: MovementShape, ctx: z.core.$RefinementCtx<MovementShape>): void {
  const error = movementShapeError({
    ...m,
    cuenta_origen_id: m.cuenta_origen_id ?? null,
    cuenta_destino_id: m.cuenta_destino_id ?? null,
    sentido: m.sentido ?? null,
  });
  if (error) ctx.addIssue({ code: 'custom', message: messages[error.message], path: [error.field] });
}

/** Only when the fields the rules read are valid themselves. */
const shapeFieldsValid = {
  when: (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => {
      const key = (issue.path as PropertyKey[] | undefined)?.[0];
      return (
        key !== undefined &&
        !['tipo', 'moneda', 'monto', 'comision', 'cuenta_origen_id', 'cuenta_destino_id', 'sentido', 'notas'].includes(key as string)
      );
    }),
};

/** POST /api/ledgers/:id/movimientos (with an Idempotency-Key). */
export const createMovimientoSchema = z.object(movimientoShape, objectError).check(z.superRefine(movementRules, shapeFieldsValid));
export type CreateMovimientoInput = z.input<typeof createMovimientoSchema>;
export type CreateMovimientoData = z.output<typeof createMovimientoSchema>;

/** PUT /api/ledgers/:id/movimientos/:movId: the whole movement again, with its version. */
export const updateMovimientoSchema = z
  .object({ ...movimientoShape, version: versionSchema }, objectError)
  .check(z.superRefine(movementRules, shapeFieldsValid));
export type UpdateMovimientoInput = z.input<typeof updateMovimientoSchema>;
export type UpdateMovimientoData = z.output<typeof updateMovimientoSchema>;

/**
 * GET …/movimientos?desde&hasta[&cuentaId] (inclusive days). `cuentaId` keeps the movements that
 * name that account of the ledger (another ledger's is 404) and adds each one's `saldo_cuenta`.
 */
export const movimientosQuerySchema = z.object({
  desde: dayKeySchema,
  hasta: dayKeySchema,
  cuentaId: z.optional(uuidSchema),
});

/** GET …/cuentas?fecha (default today). */
export const cuentasQuerySchema = z.object({ fecha: z.optional(dayKeySchema) });

/** POST …/cuentas/:cuentaId/cuadres: the balance seen in the bank at the end of `fecha`. */
export const createCuadreSchema = z.object({ fecha: entryDayKeySchema, saldo_real: cuadreSaldoSchema }, objectError);
export type CreateCuadreInput = z.input<typeof createCuadreSchema>;
export type CreateCuadreData = z.output<typeof createCuadreSchema>;

/* Answers ------------------------------------------------------------------------------------ */

export interface PersonRef {
  id: string;
  user_name: string;
}

export interface CuentaJson {
  id: string;
  ledgerId: string;
  nombre: string;
  moneda: (typeof MONEDAS)[number];
  tipo: (typeof TIPOS_CUENTA)[number];
  /** null once the titular's account was deleted. */
  titular: PersonRef | null;
  metodos_binance: string[];
  archivada: boolean;
  version: number;
}

export interface CuadreJson {
  id: string;
  cuentaId: string;
  fecha: string;
  saldo_real: number;
  saldo_sistema: number;
  diferencia: number;
  /** Unverified flows inside saldo_sistema (DESIGN §28). */
  sin_verificar: number;
  creadoPor: PersonRef | null;
  createdAt: string;
}

/** An account in a list of balances (GET …/cuentas, the balances answer). */
export interface CuentaSaldoJson extends CuentaJson {
  saldo: number;
  ultimo_cuadre: { fecha: string; saldo_real: number; saldo_sistema: number; diferencia: number } | null;
  descuadrada: boolean;
}

export interface CuentasResponse {
  fecha: string;
  cuentas: CuentaSaldoJson[];
  sin_asignar: { ves: number; usd: number };
  totales: { ves: number; usd: number };
}

export interface MovimientoJson {
  id: string;
  ledgerId: string;
  tipo: (typeof TIPOS_MOVIMIENTO)[number];
  fecha: string;
  ocurrido_en: string;
  moneda: (typeof MONEDAS)[number];
  monto: number;
  comision: number;
  cuenta_origen_id: string | null;
  cuenta_destino_id: string | null;
  sentido: (typeof SENTIDOS)[number] | null;
  miembro: PersonRef | null;
  tasa: number | null;
  notas: string | null;
  creadoPor: PersonRef | null;
  version: number;
  createdAt: string;
  /**
   * Only in GET …/movimientos?cuentaId: that account's balance at the end of the movement's day,
   * in cents (the figure GET …/cuentas?fecha gives it; decision 0060).
   */
  saldo_cuenta?: number;
}
