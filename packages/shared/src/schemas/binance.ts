// zod/mini, like the other request schemas the web's forms use.
import { z } from 'zod/mini';
import { messages, type MessageKey } from '../messages.ts';
import { uuidSchema } from './common.ts';

/**
 * The Binance sync with a read-only key (docs/product.md#binance-sync, DESIGN §23 and §28): the
 * link request, the answers, and the rule that decides which of a key's permissions must be off.
 */

/** Binance API keys and secrets are 64 letters and digits; a little room either way, nothing else. */
const credential = (message: string) => z.string({ error: message }).check(z.trim(), z.regex(/^[A-Za-z0-9]{16,128}$/, message));

/** PUT /api/integrations/binance. */
export const binanceLinkSchema = z.object(
  {
    apiKey: credential(messages.binanceKeyInvalid),
    apiSecret: credential(messages.binanceSecretInvalid),
    ledgerId: uuidSchema,
    cuenta_usd_id: z.optional(z.nullable(z.uuid({ error: messages.cuentaInvalida }))),
    cuenta_ves_id: z.optional(z.nullable(z.uuid({ error: messages.cuentaInvalida }))),
  },
  { error: messages.validationFailed },
);
export type BinanceLinkInput = z.input<typeof binanceLinkSchema>;
export type BinanceLinkData = z.output<typeof binanceLinkSchema>;

export const BINANCE_ESTADOS = ['activa', 'rechazada', 'sin_permiso'] as const;
export type BinanceEstado = (typeof BINANCE_ESTADOS)[number];

/** The result of one run, as the link keeps it (`ultima`). */
export interface BinanceSyncResult {
  at: string;
  creadas: number;
  duplicadas: number;
  omitidas: number;
  /** Spanish, for the user; null when the run ended well. */
  error: string | null;
  batchId: string | null;
}

/** GET/PUT /api/integrations/binance. */
export type BinanceLinkStatus =
  | { conectado: false }
  | {
      conectado: true;
      apiKeyEnd: string;
      ledgerId: string | null;
      cuenta_usd_id: string | null;
      cuenta_ves_id: string | null;
      ipRestrict: boolean;
      estado: BinanceEstado;
      /** Why the link is rechazada or sin_permiso (Spanish), else null. */
      motivo: string | null;
      enCurso: boolean;
      ultima: BinanceSyncResult | null;
    };

/** POST /api/integrations/binance/sync: 200 with the result, or 202 `{enCurso: true}` after 10 s. */
export interface BinanceSyncAnswer {
  batch: { id: string; created: number; duplicate: number; skipped: number; fechas: string[] } | null;
  creadas: number;
  duplicadas: number;
  omitidas: number;
  error: string | null;
}

/** Server → the user's own sockets when a run ends (DESIGN §28). */
export const BINANCE_SYNC_EVENT = 'binance-sync';

/** The permissions Binance's `apiRestrictions` names, with the label the user turns off. */
const PERMISSION_LABELS: Record<string, MessageKey> = {
  enableWithdrawals: 'binancePermWithdrawals',
  enableInternalTransfer: 'binancePermInternalTransfer',
  permitsUniversalTransfer: 'binancePermUniversalTransfer',
  enableSpotAndMarginTrading: 'binancePermSpotMargin',
  enableMargin: 'binancePermMargin',
  enableFutures: 'binancePermFutures',
  enableVanillaOptions: 'binancePermVanillaOptions',
  enablePortfolioMarginTrading: 'binancePermPortfolioMargin',
  enableFixApiTrade: 'binancePermFixTrade',
};

/** Reading is all a sync needs; FIX read-only reads too (DESIGN §28). */
const READ_ONLY = new Set(['enableReading', 'enableFixReadOnly']);

/**
 * The permissions of a key that must be off, as labels, in Binance's order of the answer: every
 * `enable*` or `permits*` flag that is true except reading. An unknown new flag is named as
 * Binance spells it, so a key that gained a power Binance added later is still refused.
 */
export function binanceForbiddenPermissions(restrictions: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(restrictions)) {
    if (value !== true || READ_ONLY.has(name) || !/^(enable|permits)[A-Z]/.test(name)) continue;
    const label = PERMISSION_LABELS[name];
    out.push(label ? messages[label] : name);
  }
  return out;
}
