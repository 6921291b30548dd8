import { createHash } from 'node:crypto';
import { computeTransaction, messages, t, type CreateTransactionData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/account.ts';
import { authorize, type Membership } from '../ledger-access.ts';
import { ledgerStatement } from '../ledger-change.ts';
import { toTransactionJson, type TransactionJson } from './transaction-json.ts';
import { cumulativeUpTo, findTransaction, insertTransaction } from './transaction-row.ts';
import type { DbOrTx } from '../../db/database.ts';
import { checkCuentaRefs, queuedCuentaRefs } from '../cuentas/cuenta-checks.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { marketStamp } from '../market/market-stamp.ts';

/** Visible ASCII, as a UUID or any client token; bounded so a key cannot bloat the table. */
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_RE.test(header)) throw new AppError('VALIDATION_ERROR', messages.idempotencyKeyInvalid);
  return header;
}

/**
 * What binds an Idempotency-Key to its request (docs/product.md#account-security): the ledger and the validated body
 * (the user is the key's own column). Keys sorted, so the same form sent again hashes the same.
 */
export function requestHash(data: CreateTransactionData): string {
  const entries = Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

async function answer(db: DbOrTx, id: string): Promise<TransactionJson> {
  const row = await findTransaction(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.txNotFound);
  return toTransactionJson(row, await cumulativeUpTo(db, row));
}

/**
 * Creates a transaction (any member; `m` is the caller's membership of `data.ledgerId`). The server computes every derived figure; a client
 * `ganancia` was already dropped by the schema. With an Idempotency-Key (docs/product.md#reliability-rules), the key is
 * claimed in the create's own statement (see insertTransaction): a concurrent duplicate waits on
 * the first one's uncommitted key row, then finds it taken and answers the first transaction, so
 * one (user, key) never yields two rows. A replay answers the transaction's current state (404 if
 * it has since been deleted).
 */
export async function createTransaction(
  ctx: AppContext,
  user: AuthUser,
  m: Membership,
  data: CreateTransactionData,
  idempotencyKey: string | undefined,
  /**
   * `queued`: the request comes from the web's offline queue (header X-Offline-Queue). DESIGN §28
   * "Accounts that come back": an account archived while it waited sends that side to Sin asignar
   * instead of failing, and `avisos` receives the Spanish notice that says so.
   */
  opts: { queued?: boolean; avisos?: string[] } = {},
): Promise<TransactionJson> {
  if (m.ledgerId !== data.ledgerId || m.userId !== user.id) throw new Error('createTransaction: membership of another ledger or user');
  authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  // docs/product.md#cuentas-y-movimientos: the accounts named must be this ledger's, of their currency, active.
  const withCuentas = Boolean(data.cuenta_ves_id || data.cuenta_usd_id);
  const refs = [
    { id: data.cuenta_ves_id, moneda: 'VES', field: 'cuenta_ves_id' },
    { id: data.cuenta_usd_id, moneda: 'USD', field: 'cuenta_usd_id' },
  ] as const;
  let cuentaVes = data.cuenta_ves_id ?? null;
  let cuentaUsd = data.cuenta_usd_id ?? null;
  let archivadas: string[] = [];
  if (withCuentas && opts.queued) {
    const resolved = await queuedCuentaRefs(ctx.db, data.ledgerId, [...refs]);
    if (cuentaVes && !resolved.keep.has(cuentaVes)) cuentaVes = null;
    if (cuentaUsd && !resolved.keep.has(cuentaUsd)) cuentaUsd = null;
    archivadas = resolved.archivadas;
  } else if (withCuentas) await checkCuentaRefs(ctx.db, data.ledgerId, [...refs]);
  let fresh = false;
  // DESIGN §24/§28: the market the row met, read before the write (services/market/market-stamp.ts).
  const mercado = await marketStamp(ctx.db, ctx.config.APP_TIMEZONE, data, ctx.now());
  const json = await ledgerStatement(ctx.db, ctx.bus, async (db) => {
    const figures = computeTransaction(data);
    const inserted = await insertTransaction(
      db,
      {
        ledger_id: data.ledgerId,
        fecha: data.fecha,
        venta: data.venta,
        tasa_venta: data.tasa_venta,
        compra: data.compra,
        tasa_compra: data.tasa_compra,
        bs_recibidos: figures.bs_recibidos,
        bs_pagados: figures.bs_pagados,
        ganancia_ves: figures.ganancia_ves,
        ganancia_usd: figures.ganancia_usd,
        comision_usd: data.comision_usd,
        ocurrido_en: data.ocurrido_en,
        notas: data.notas,
        created_by: user.id,
        cuenta_ves_id: cuentaVes,
        cuenta_usd_id: cuentaUsd,
        mercado,
      },
      // The hash binds the request as sent (its accounts included), so a retry of the same queued item matches.
      idempotencyKey === undefined ? undefined : { key: idempotencyKey, requestHash: requestHash(data) },
    );
    if ('claimedBy' in inserted) {
      if (inserted.mismatch) throw new AppError('IDEMPOTENCY_MISMATCH', messages.idempotencyMismatch);
      if (!inserted.claimedBy) throw new AppError('NOT_FOUND', messages.txNotFound);
      return { value: await answer(db, inserted.claimedBy), events: [] };
    }
    fresh = true;
    return {
      value: toTransactionJson(inserted.row, inserted.cumulative),
      events: [{ event: 'transaction-updated', ledgerId: data.ledgerId, type: 'CREATED', fecha: data.fecha, byUserId: user.id }],
    };
  });
  if (withCuentas) await recheckDescuadres(ctx.db, data.ledgerId, ctx.config.APP_URL);
  // Only the request that wrote the row says so; a replay answers the row as it is.
  if (fresh && opts.avisos) for (const cuenta of archivadas) opts.avisos.push(t('cuentaArchivadaEnCola', { cuenta }));
  return json;
}
