// zod/mini, like the other schemas (the web's forms use these too).
import { z } from 'zod/mini';
import { messages, t } from '../messages.ts';
import { formatNumber2 } from '../format.ts';
import { Big } from '../money/decimal.ts';
import { METODOS_REPARTO, porcentajesSuman100, type ResultadoLiquidacion } from '../money/liquidacion.ts';
import { dayKeySchema, uuidSchema } from './common.ts';
import { rateSchema } from './transaction.ts';

/**
 * Socios: capital, result and settlement (docs/product.md#socios-y-liquidacion, docs/api.md#socios):
 * the split rule, the preview's and the closing's requests, and their answers.
 */

const objectError = { error: messages.validationFailed };

/** A percentage: 0–100 with at most 2 decimals, as text (exact). */
const porcentajeSchema = z
  .string(objectError)
  .check(z.refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v.trim()) && new Big(v.trim()).lte(100), messages.repartoPorcentajeInvalido));

/** The ledger's split rule (DESIGN §22 `reparto`): percentages must name distinct members and sum exactly 100. */
export const repartoSchema = z
  .object(
    {
      metodo: z.enum(METODOS_REPARTO, objectError),
      porcentajes: z.optional(
        z
          .array(z.object({ userId: uuidSchema, porcentaje: porcentajeSchema }, objectError), objectError)
          .check(z.maxLength(50, messages.validationFailed)),
      ),
      operador: z.optional(z.nullable(z.object({ userId: uuidSchema, porcentaje: porcentajeSchema }, objectError))),
    },
    objectError,
  )
  .check(
    z.refine(
      (r) => r.metodo !== 'porcentaje' || (r.porcentajes !== undefined && porcentajesSuman100(r.porcentajes)),
      messages.repartoSuma100,
    ),
    z.refine((r) => new Set((r.porcentajes ?? []).map((p) => p.userId)).size === (r.porcentajes ?? []).length, messages.repartoSuma100),
  );
export type RepartoInput = z.output<typeof repartoSchema>;

/** GET …/liquidacion?desde&hasta[&tasa_inicial&tasa_final] and POST …/liquidaciones. */
const tasaPositiva = z.optional(rateSchema.check(z.refine((v: string) => Number(v) > 0, messages.rateInvalid)));
export const liquidacionQuerySchema = z
  .object({ desde: dayKeySchema, hasta: dayKeySchema, tasa_inicial: tasaPositiva, tasa_final: tasaPositiva }, objectError)
  .check(z.refine((q) => q.desde <= q.hasta, messages.periodoDesdeHasta));
export type LiquidacionQuery = z.output<typeof liquidacionQuerySchema>;

export interface TasaLiquidacion {
  tasa: number | null;
  fuente: 'paralelo' | 'manual' | 'liquidacion' | null;
  fecha: string | null;
}

/** The preview (DESIGN §22): ResultadoLiquidacion's figures, as the API answers them (numbers at their scale). */
export type LiquidacionResponse = {
  desde: string;
  hasta: string;
  tasas: { inicial: TasaLiquidacion; final: TasaLiquidacion };
  cerrado: boolean;
} & NumericFigures<ResultadoLiquidacion>;

/** Figures the shared module keeps as exact text, answered as JSON numbers at their scale. */
type NumericFigures<T> = {
  [K in keyof T]: K extends 'fecha' | 'userId' | 'user_name' | 'id' | 'avisos'
    ? T[K]
    : T[K] extends string
      ? number
      : T[K] extends string | null
        ? number | null
        : T[K] extends (infer U)[]
          ? U extends string
            ? T[K]
            : NumericFigures<U>[]
          : T[K] extends object
            ? NumericFigures<T[K]>
            : T[K];
};

/** One closed period as listed. */
export interface LiquidacionCerrada {
  id: string;
  desde: string;
  hasta: string;
  creadoPor: { id: string; user_name: string } | null;
  createdAt: string;
  liquidacion: LiquidacionResponse;
}

export interface LiquidacionesResponse {
  liquidaciones: LiquidacionCerrada[];
  /**
   * The web's default period (DESIGN §22): the day after the last closed one, or the first aporte's
   * day, to today; when everything up to today is closed, the next day alone (never a closed day).
   */
  sugerido: { desde: string; hasta: string };
  /**
   * The first day with an aporte or retiro of a member, or null: capital is registered from that day,
   * so "Registrar capital inicial" on or after it would count it twice (409 CAPITAL_YA_REGISTRADO),
   * and the page's list of aportes and retiros starts there (decision 0065).
   */
  capitalDesde: string | null;
}

/**
 * `GET /api/ledgers/:id/socios` (docs/api.md#socios): everyone a retiro may name (DESIGN §28
 * "Former partners"), from the server's own rule — the members first, then whoever left but is
 * still named by the ledger (`ex_miembro: true`). The web imports only the type.
 */
export const sociosResponseSchema = z.object({
  socios: z.array(z.object({ userId: z.string(), user_name: z.string(), ex_miembro: z.boolean() })),
});
export type SociosResponse = z.infer<typeof sociosResponseSchema>;

export const liquidacionParamsSchema = z.object({ id: uuidSchema, lid: uuidSchema });

/** A transfer as a sentence: "Beto transfiere 120,00 USD (4.740,00 Bs) a Ana" (DESIGN §22). */
export function transferenciaTexto(x: {
  de: { user_name: string };
  a: { user_name: string };
  monto_usd: number;
  monto_ves: number | null;
}): string {
  const params = { de: x.de.user_name, a: x.a.user_name, usd: formatNumber2(x.monto_usd) };
  return x.monto_ves === null
    ? t('sociosTransferenciaSinTasa', params)
    : t('sociosTransferencia', { ...params, ves: formatNumber2(x.monto_ves) });
}

/** GET …/socios/capital-inicial?fecha: the day's opening balances the registration must add up to. */
export interface CapitalInicialApertura {
  fecha: string;
  ves: number;
  usd: number;
}
