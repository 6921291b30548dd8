import { z } from 'zod';
import { messages } from '../messages.ts';
import { dayKeySchema, uuidSchema } from './common.ts';

/**
 * Search of a ledger's operations (docs/product.md#buscar-operaciones, docs/api.md#buscar-operaciones):
 * `GET /api/ledgers/:id/transactions/search`. One source for the server's validation and the web's form.
 */

/** Rows per page: at most 50 (DESIGN §26). */
export const SEARCH_PAGE_SIZE = 50;
/** `total` is exact up to this many matches; beyond, it is this number with `mas: true` (DESIGN §28). */
export const SEARCH_TOTAL_CAP = 1000;
/** The fewest characters a text search takes: a trigram index needs three to serve it (DESIGN §28). */
export const SEARCH_MIN_CHARS = 3;
/** Pages beyond this one are refused: OFFSET past 50,000 rows is no search anyone reads. */
export const SEARCH_MAX_PAGE = 1000;

/** An empty text box searches by the filters alone; 1–2 characters are refused with a Spanish 400. */
const qSchema = z
  .string()
  .max(200, messages.validationFailed)
  .transform((raw) => raw.trim())
  .refine((q) => q.length === 0 || [...q].length >= SEARCH_MIN_CHARS, messages.searchQueryTooShort)
  .transform((q) => (q.length === 0 ? undefined : q));

export const searchQuerySchema = z.object({
  q: z.optional(qSchema),
  desde: z.optional(dayKeySchema),
  hasta: z.optional(dayKeySchema),
  tipo: z.optional(z.enum(['venta', 'compra'], { error: messages.validationFailed })),
  cuentaId: z.optional(uuidSchema),
  userId: z.optional(uuidSchema),
  origen: z.optional(z.enum(['manual', 'binance_p2p'], { error: messages.validationFailed })),
  page: z.coerce
    .number({ error: messages.validationFailed })
    .int(messages.validationFailed)
    .min(1, messages.validationFailed)
    .max(SEARCH_MAX_PAGE, messages.validationFailed)
    .default(1),
});
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One hit: enough to recognise the operation and open its day on the dashboard. */
export interface SearchRow {
  id: string;
  fecha: string;
  ocurrido_en: string;
  venta: number;
  tasa_venta: number;
  compra: number;
  tasa_compra: number;
  notas: string | null;
  referencia: string | null;
  contraparte: string | null;
  origen: 'manual' | 'binance_p2p';
  esta_verificada: boolean;
  cuenta_ves_id: string | null;
  cuenta_usd_id: string | null;
  createdBy: { id: string; user_name: string } | null;
}

/** Newest first; `total` exact up to SEARCH_TOTAL_CAP, then SEARCH_TOTAL_CAP with `mas: true`. */
export interface SearchAnswer {
  rows: SearchRow[];
  total: number;
  mas: boolean;
  page: number;
}
