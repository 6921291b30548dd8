import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { sql } from 'drizzle-orm';
import {
  computeTransaction,
  IMPORT_ORIGIN,
  messages,
  t,
  type ImportBatchListItem,
  type ImportBatchResult,
  type ImportPreview,
} from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/account.ts';
import { authorize, type Membership } from '../ledger-access.ts';
import { closedRanges, inClosed } from '../socios/closed-days.ts';
import { ledgerChange } from '../ledger-change.ts';
import { checkCuentaRefs } from '../cuentas/cuenta-checks.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { timezoneOrThrow, type ImportOrder } from './parse-binance.ts';
import { marketStamps, type MarketStamp } from '../market/market-stamp.ts';

/** An uploaded export: its bytes, its name as the user's computer called it, and the zone of its times. */
export interface ImportFile {
  buf: Buffer;
  fileName: string;
  timezone: string;
  /** The accounts of all the file's orders (docs/product.md#cuentas-y-movimientos); undefined: Sin asignar. */
  cuenta_ves_id?: string | undefined;
  cuenta_usd_id?: string | undefined;
}

/** The file's accounts must be this ledger's, of their currency and active (400 CUENTA_INVALIDA). */
const checkFileCuentas = (db: Parameters<typeof checkCuentaRefs>[0], ledgerId: string, file: ImportFile) =>
  checkCuentaRefs(db, ledgerId, [
    { id: file.cuenta_ves_id, moneda: 'VES', field: 'cuenta_ves_id' },
    { id: file.cuenta_usd_id, moneda: 'USD', field: 'cuenta_usd_id' },
  ]);

const parseOptions = (ctx: AppContext, file: ImportFile) => ({
  timezone: timezoneOrThrow(file.timezone),
  ledgerZone: ctx.config.APP_TIMEZONE,
});

/** Orders per INSERT: each statement's JSON parameter stays a few MB (docs/benchmarks.md memory). */
const INSERT_CHUNK = 5000;

/** One chunk of orders as the INSERT's JSON parameter: the docs/product.md#binance-import mapping and the per-operation figures (docs/product.md#money). */
function chunkJson(orders: readonly ImportOrder[], stamps: ReadonlyArray<MarketStamp | null>): string {
  // Each row is written out as soon as it is computed, so a chunk holds its rows' text rather
  // than objects of a dozen strings each.
  const rows = orders.map((o, i) => {
    const mercado = stamps[i];
    const sell = o.type === 'SELL';
    const amounts = {
      venta: sell ? o.quantity : '0',
      tasa_venta: sell ? o.price : '0',
      compra: sell ? '0' : o.quantity,
      tasa_compra: sell ? '0' : o.price,
    };
    const notas = `${t('importNotes', { orderNumber: o.orderNumber })}${o.counterparty ? ` · ${o.counterparty}` : ''}`;
    return JSON.stringify({
      ...amounts,
      // The fee is a cost of the row's per-operation profit too (docs/product.md#profit-method-and-position; it used to be left out here).
      ...computeTransaction({ ...amounts, comision_usd: o.fee }),
      fecha: o.fecha,
      notas: notas.slice(0, 1000),
      comision_usd: o.fee,
      ocurrido_en: o.occurredAt,
      referencia: o.orderNumber,
      // Searchable on its own (docs/product.md#buscar-operaciones); the notes keep it too, as before.
      contraparte: o.counterparty ? o.counterparty.slice(0, 200) : null,
      // DESIGN §24: the market each order met (services/market/market-stamp.ts).
      mercado_paralelo: mercado?.paralelo ?? null,
      mercado_oficial: mercado?.oficial ?? null,
      mercado_fecha: mercado?.fecha ?? null,
      // The sync's VES account chosen by the order's payment method (docs/product.md#binance-sync); a file's orders have none.
      cuenta_ves_id: o.cuentaVesId ?? null,
    });
  });
  return `[${rows.join(',')}]`;
}

/** Order numbers of this file already imported into the ledger (one indexed query, any file size). */
async function existingOrders(db: DbOrTx, ledgerId: string, orderNumbers: string[]): Promise<Set<string>> {
  if (orderNumbers.length === 0) return new Set();
  const result = await db.execute<{ referencia: string }>(sql`
    select referencia from transactions
    where ledger_id = ${ledgerId} and origen = ${IMPORT_ORIGIN}
      and referencia in (select jsonb_array_elements_text(${JSON.stringify(orderNumbers)}::jsonb))`);
  return new Set(result.rows.map((r) => r.referencia));
}

/** POST /api/ledgers/:id/imports/preview: what an import would do; writes nothing (docs/product.md#binance-import). */
export async function previewImport(ctx: AppContext, user: AuthUser, m: Membership, file: ImportFile): Promise<ImportPreview> {
  authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  await checkFileCuentas(ctx.db, m.ledgerId, file);
  // Read in an upload worker (docs/product.md#upload-limits): the first rows and every new order number.
  const parsed = await ctx.uploads.run('import-preview', file.buf, parseOptions(ctx, file));
  const known = await existingOrders(ctx.db, m.ledgerId, parsed.newOrders);
  const closed = await closedRanges(ctx.db, m.ledgerId);
  for (const row of parsed.rows) {
    if (row.action === 'new' && known.has(row.orderNumber)) {
      row.action = 'duplicate';
      row.reason = messages.importDuplicateInLedger;
    } else if (row.action === 'new' && inClosed(row.fecha, closed)) {
      // docs/product.md#socios-y-liquidacion: a closed period's days take no orders.
      row.action = 'skipped';
      row.reason = messages.importPeriodoLiquidado;
    }
  }
  // The counts cover the whole file (docs/api.md), not only the rows shown: every new order of a
  // closed period's day is skipped, as the commit will.
  let locked = 0;
  if (closed.length > 0)
    parsed.newOrders.forEach((order, i) => {
      if (!known.has(order) && inClosed(parsed.newOrderDays[i], closed)) locked++;
    });
  const counts = {
    new: parsed.counts.new - known.size - locked,
    duplicate: parsed.counts.duplicate + known.size,
    skipped: parsed.counts.skipped + locked,
  };
  return { format: 'binance-p2p', timezone: file.timezone, rows: parsed.rows, counts };
}

/**
 * POST /api/ledgers/:id/imports: one change (docs/product.md#binance-import): the batch, every new order and one
 * activity row commit together or not at all; one realtime event names the days. The unique index
 * on (ledger, origen, referencia) decides duplicates — also against a concurrent import of the
 * same orders, whose conflicting rows this insert waits for and then skips.
 */
export async function commitImport(ctx: AppContext, user: AuthUser, m: Membership, file: ImportFile): Promise<ImportBatchResult> {
  authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  const parsedOrders = await ctx.uploads.run('import-orders', file.buf, parseOptions(ctx, file));
  const duplicateInFile = parsedOrders.duplicate;
  await checkFileCuentas(ctx.db, m.ledgerId, file);
  const batch = await commitOrders(ctx, {
    ledgerId: m.ledgerId,
    userId: user.id,
    fileName: file.fileName,
    orders: parsedOrders.orders,
    duplicateInFile,
    skipped: parsedOrders.skipped,
    cuenta_ves_id: file.cuenta_ves_id,
    cuenta_usd_id: file.cuenta_usd_id,
  });
  return { batch: batch! };
}

/** What `commitOrders` writes: the orders of one import batch (a file, or a Binance sync run). */
export interface OrdersBatch {
  ledgerId: string;
  userId: string;
  fileName: string;
  orders: readonly ImportOrder[];
  duplicateInFile: number;
  skipped: number;
  /** The accounts of every order; an order's own `cuentaVesId` (the sync's payment method) wins. */
  cuenta_ves_id?: string | null | undefined;
  cuenta_usd_id?: string | null | undefined;
  /** A sync that creates nothing leaves no batch (docs/product.md#binance-sync): roll it back and answer null. */
  dropWhenEmpty?: boolean;
}

/** Rolls back a batch that created nothing when the caller asked for no empty batch. */
class EmptyBatch extends Error {
  constructor(readonly duplicate: number) {
    super('empty batch');
  }
}

/**
 * The one commit path of imported orders (a file's, and the Binance sync's): one change — the
 * batch, every new order and one activity row commit together; one realtime event names the days.
 * Answers null only for an empty batch with `dropWhenEmpty`.
 */
export async function commitOrders(ctx: AppContext, b: OrdersBatch): Promise<ImportBatchResult['batch'] | null> {
  const orders = b.orders;
  const m = { ledgerId: b.ledgerId };
  const user = { id: b.userId };
  const file = { fileName: b.fileName, cuenta_ves_id: b.cuenta_ves_id ?? undefined, cuenta_usd_id: b.cuenta_usd_id ?? undefined };
  const { duplicateInFile, skipped } = b;
  // DESIGN §24: the market each order met, read before the write (services/market/market-stamp.ts).
  const stamps = await marketStamps(
    ctx.db,
    ctx.config.APP_TIMEZONE,
    orders.map((o) => ({ fecha: o.fecha, ocurrido_en: o.occurredAt })),
  );
  try {
    return await commitOrdersOnce(ctx, m, user, file, orders, stamps, duplicateInFile, skipped, b.dropWhenEmpty === true);
  } catch (err) {
    if (err instanceof EmptyBatch) return null;
    throw err;
  }
}

async function commitOrdersOnce(
  ctx: AppContext,
  m: { ledgerId: string },
  user: { id: string },
  file: Pick<ImportFile, 'fileName' | 'cuenta_ves_id' | 'cuenta_usd_id'>,
  allOrders: readonly ImportOrder[],
  stamps: ReadonlyArray<MarketStamp | null>,
  duplicateInFile: number,
  skippedInFile: number,
  dropWhenEmpty: boolean,
): Promise<ImportBatchResult['batch']> {
  const result = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    // Orders dated in a closed period are skipped ("Período liquidado"), under the settlement lock (shared).
    const closed = await closedRanges(tx, m.ledgerId, true);
    const open = allOrders.map((o) => !inClosed(o.fecha, closed));
    const orders = allOrders.filter((_, i) => open[i]);
    const orderStamps = stamps.filter((_, i) => open[i]);
    const skipped = skippedInFile + (allOrders.length - orders.length);
    const batch = await tx.execute<{ id: string }>(sql`
      insert into import_batches (ledger_id, user_id, file_name, skipped) values (${m.ledgerId}, ${user.id}, ${file.fileName}, ${skipped})
      returning id`);
    const batchId = batch.rows[0]!.id;
    // A few statements of 5,000 rows, each row's values in one JSON parameter (no parameter limit);
    // the statement triggers (day totals, average-cost states) run once per statement.
    let created = 0;
    const days = new Set<string>();
    for (let k = 0; k < orders.length; k += INSERT_CHUNK) {
      const inserted = await tx.execute<{ fecha: string }>(sql`
        insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
          ganancia_ves, ganancia_usd, notas, created_by, comision_usd, ocurrido_en, origen, referencia, import_batch_id, cuenta_ves_id, cuenta_usd_id,
          contraparte, mercado_paralelo, mercado_oficial, mercado_fecha)
        select ${m.ledgerId}::uuid, r.fecha, r.venta, r.tasa_venta, r.compra, r.tasa_compra, r.bs_recibidos, r.bs_pagados,
          r.ganancia_ves, r.ganancia_usd, r.notas, ${user.id}::uuid, r.comision_usd, r.ocurrido_en, ${IMPORT_ORIGIN}, r.referencia, ${batchId}::uuid,
          coalesce(r.cuenta_ves_id, ${file.cuenta_ves_id ?? null}::uuid), ${file.cuenta_usd_id ?? null}::uuid, r.contraparte,
          r.mercado_paralelo, r.mercado_oficial, r.mercado_fecha
        from jsonb_to_recordset(${chunkJson(orders.slice(k, k + INSERT_CHUNK), orderStamps.slice(k, k + INSERT_CHUNK))}::jsonb) as r(fecha date, venta numeric, tasa_venta numeric,
          compra numeric, tasa_compra numeric, bs_recibidos numeric, bs_pagados numeric, ganancia_ves numeric, ganancia_usd numeric,
          notas text, comision_usd numeric, ocurrido_en timestamptz, referencia text, contraparte text, cuenta_ves_id uuid,
          mercado_paralelo numeric, mercado_oficial numeric, mercado_fecha date)
        on conflict (ledger_id, origen, referencia) where referencia is not null do nothing
        returning fecha::text as fecha`);
      created += inserted.rows.length;
      for (const r of inserted.rows) days.add(r.fecha);
    }
    // Orders already in the ledger (or inserted meanwhile by a concurrent import) were skipped by the index.
    const duplicate = duplicateInFile + (orders.length - created);
    if (created === 0 && dropWhenEmpty) throw new EmptyBatch(duplicate);
    const fechas = [...days].sort();
    await tx.execute(sql`
      update import_batches set created = ${created}, duplicate = ${duplicate},
        fechas = (select coalesce(array_agg(x::date), '{}') from jsonb_array_elements_text(${JSON.stringify(fechas)}::jsonb) x)
      where id = ${batchId}`);
    record({
      ledgerId: m.ledgerId,
      userId: user.id,
      action: 'IMPORT_CREATED',
      entityId: batchId,
      fecha: fechas[0] ?? null,
      after: { batchId, fileName: file.fileName, created, duplicate, skipped, fechas },
    });
    if (created > 0)
      emit({ event: 'transaction-updated', ledgerId: m.ledgerId, type: 'IMPORTED', fecha: fechas[0], fechas, byUserId: user.id });
    return { id: batchId, created, duplicate, skipped, fechas };
  });
  // docs/product.md#cuadre: new rows in accounts may move a confirmed day.
  if (file.cuenta_ves_id || file.cuenta_usd_id || allOrders.some((o) => o.cuentaVesId))
    await recheckDescuadres(ctx.db, m.ledgerId, ctx.config.APP_URL);
  return result;
}

/** GET /api/ledgers/:id/imports: newest first, undone ones included. */
export async function listImports(db: DbOrTx, ledgerId: string): Promise<ImportBatchListItem[]> {
  const result = await db.execute<{
    id: string;
    created_at: string;
    file_name: string;
    created: number;
    user_id: string | null;
    user_name: string | null;
    undone: boolean;
  }>(sql`
    select b.id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, b.file_name, b.created,
      b.user_id, u.user_name, b.undone
    from import_batches b left join users u on u.id = b.user_id
    where b.ledger_id = ${ledgerId}
    order by b.created_at desc, b.id desc
    limit 200`);
  return result.rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    fileName: r.file_name,
    created: r.created,
    user: r.user_id && r.user_name !== null ? { id: r.user_id, user_name: r.user_name } : null,
    undone: r.undone,
  }));
}

/**
 * DELETE /api/ledgers/:id/imports/:batchId: removes the batch's transactions as one change (the
 * owner, or the member who imported). The activity keeps every removed row whole (docs/product.md#undo).
 */
export async function undoImport(ctx: AppContext, user: AuthUser, m: Membership, batchId: string): Promise<void> {
  authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
  let withCuentas = false;
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const found = await tx.execute<{ user_id: string | null; undone: boolean }>(
      sql`select user_id, undone from import_batches where id = ${batchId} and ledger_id = ${m.ledgerId} for update`,
    );
    const batch = found.rows[0];
    if (!batch) throw new AppError('NOT_FOUND', messages.importBatchNotFound);
    if (batch.undone) throw new AppError('CONFLICT', messages.importBatchUndone);
    if (!m.isOwner && batch.user_id !== user.id) throw new AppError('FORBIDDEN', messages.importUndoForbidden);
    // Full snapshots of the removed rows (docs/product.md#undo): a restore puts them back as they were.
    const deleted = await tx.execute<{ row: RowSnapshot; fecha: string }>(sql`
      delete from transactions t where t.import_batch_id = ${batchId} and t.ledger_id = ${m.ledgerId}
      returning ${rowSnapshotSql('t')} as row, t.fecha::text as fecha`);
    await tx.execute(sql`update import_batches set undone = true, undone_at = now() where id = ${batchId}`);
    const fechas = [...new Set(deleted.rows.map((r) => r.fecha))].sort();
    record({
      ledgerId: m.ledgerId,
      userId: user.id,
      action: 'IMPORT_UNDONE',
      entityId: batchId,
      fecha: fechas[0] ?? null,
      before: { batchId, transactions: deleted.rows.map((r) => r.row) },
      after: { batchId, removed: deleted.rows.length, fechas },
    });
    if (deleted.rows.length > 0)
      emit({ event: 'transaction-updated', ledgerId: m.ledgerId, type: 'IMPORT_UNDONE', fecha: fechas[0], fechas, byUserId: user.id });
    withCuentas = deleted.rows.some((r) => Boolean(r.row.cuenta_ves_id || r.row.cuenta_usd_id));
  });
  // DESIGN §28: removing rows of a confirmed day may leave an account descuadrada (told once on Telegram).
  if (withCuentas) await recheckDescuadres(ctx.db, m.ledgerId, ctx.config.APP_URL);
}
