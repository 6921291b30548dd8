import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { messages, todayKey, type CreateMovimientoData, type MovimientoJson, type UpdateMovimientoData } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { rateOfDayStored } from '../market/rate-days.ts';
import { isSocio } from '../socios/socios-nombrados.ts';
import { num } from '../transactions/transaction-json.ts';
import { checkCuentaRefs, isMember } from './cuenta-checks.ts';
import { MOVIMIENTO_JOINS, MOVIMIENTO_JSON, MOVIMIENTO_ORDER, toMovimientoJson, type MovimientoRow } from './cuenta-rows.ts';
import { recheckDescuadres } from './descuadre.ts';

/**
 * Movements (docs/product.md#cuentas-y-movimientos): transfers with their fee, aportes, retiros
 * and ajustes. Each write is one change through ledgerChange (activity with full snapshots, the
 * revision bump, realtime `balance-updated` with its days after the commit, Telegram through the
 * activity's outbox), needs the balance permission, and is followed by the descuadrada re-check.
 */

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

async function readMovimiento(db: DbOrTx, id: string, forUpdate = false): Promise<MovimientoRow | undefined> {
  const r = await db.execute<{ j: MovimientoRow }>(
    sql`select ${MOVIMIENTO_JSON} as j from movimientos m ${MOVIMIENTO_JOINS} where m.id = ${id} ${forUpdate ? sql`for update of m` : sql``}`,
  );
  return r.rows[0]?.j;
}

/**
 * GET …/movimientos?desde&hasta[&cuentaId] (members), in the days' order (docs/api.md#cuentas).
 * With `cuentaId` only the movements naming that account come, each with `saldo_cuenta`: the
 * account's balance at the end of the movement's day, in cents (decision 0060). The account must
 * be of this ledger — another ledger's, or none, is 404 like GET …/cuentas/:cuentaId/cuadres —
 * and the filter runs in the database, so a month of 10,000 movements sends only the account's.
 */
export async function listMovimientos(
  db: DbOrTx,
  ledgerId: string,
  q: { desde: string; hasta: string; cuentaId?: string | undefined },
): Promise<MovimientoJson[]> {
  if (!q.cuentaId) {
    const r = await db.execute<{ j: MovimientoRow }>(sql`
      select ${MOVIMIENTO_JSON} as j from movimientos m ${MOVIMIENTO_JOINS}
      where m.ledger_id = ${ledgerId} and m.fecha between ${q.desde}::date and ${q.hasta}::date
      order by ${MOVIMIENTO_ORDER}`);
    return r.rows.map((row) => toMovimientoJson(row.j));
  }
  // One statement: the account's existence in this ledger, its movements of the span, and its
  // closing balance at each of their days (a running sum over cuenta_day_totals, the same sums
  // GET …/cuentas reads, so the last day's figure is the list's saldo at that day).
  const r = await db.execute<{ existe: boolean; j: MovimientoRow | null; saldo: string | null }>(sql`
    with c as (select id from cuentas where id = ${q.cuentaId} and ledger_id = ${ledgerId}),
    dias as (
      select t.fecha, round(sum(t.entra - t.sale) over (order by t.fecha), 2)::text as saldo from cuenta_day_totals t
      where t.ledger_id = ${ledgerId} and t.cuenta_id = ${q.cuentaId} and t.fecha <= ${q.hasta}::date)
    select true as existe, x.j, x.saldo from c
    left join lateral (
      select ${MOVIMIENTO_JSON} as j, d.saldo, m.fecha, m.ocurrido_en, m.created_at, m.id from movimientos m ${MOVIMIENTO_JOINS}
      left join dias d on d.fecha = m.fecha
      where m.ledger_id = ${ledgerId} and m.fecha between ${q.desde}::date and ${q.hasta}::date
        and (m.cuenta_origen_id = ${q.cuentaId} or m.cuenta_destino_id = ${q.cuentaId})) x on true
    order by x.fecha, x.ocurrido_en, x.created_at, x.id`);
  if (r.rows.length === 0) throw new AppError('NOT_FOUND', messages.cuentaNotFound);
  return r.rows.flatMap((row) => (row.j ? [{ ...toMovimientoJson(row.j), saldo_cuenta: num(row.saldo ?? '0', 2) }] : []));
}

/**
 * The rate of a day (DESIGN §28) of the parallel market: the shared rule over the stored history and
 * live values (services/market/rate-days.ts). Resolved once, at creation, and stored.
 */
async function rateOfDay(db: DbOrTx, fecha: string, timeZone: string): Promise<string | undefined> {
  return (await rateOfDayStored(db, timeZone, fecha, 'paralelo'))?.valor;
}

/** The stored values of a movement request, resolved (defaults) and checked against the ledger. */
interface MovementValues {
  tipo: string;
  fecha: string;
  ocurrido_en: string;
  moneda: string;
  monto: string;
  comision: string;
  cuenta_origen_id: string | null;
  cuenta_destino_id: string | null;
  sentido: string | null;
  miembro_id: string | null;
  tasa: string | null;
  notas: string | null;
}

async function resolve(
  ctx: Ctx,
  tx: Tx,
  ledgerId: string,
  actor: Actor,
  data: CreateMovimientoData,
  current?: MovimientoRow,
): Promise<MovementValues> {
  const userId = actor.user.id;
  const origen = data.cuenta_origen_id ?? null;
  const destino = data.cuenta_destino_id ?? null;
  await checkCuentaRefs(tx, ledgerId, [
    {
      id: origen,
      moneda: data.moneda,
      current: current?.moneda === data.moneda ? current.cuenta_origen_id : undefined,
      field: 'cuenta_origen_id',
    },
    {
      id: destino,
      moneda: data.moneda,
      current: current?.moneda === data.moneda ? current.cuenta_destino_id : undefined,
      field: 'cuenta_destino_id',
    },
  ]);
  const capital = data.tipo === 'aporte' || data.tipo === 'retiro';
  // Whose capital: the request's socio, else the one who records it (aporte/retiro only). A retiro
  // may name a former partner (DESIGN §28): how the capital of someone who left is paid out.
  const miembro = capital ? (data.miembroId ?? current?.miembro_id ?? userId) : null;
  const partner = data.tipo === 'retiro' ? isSocio : isMember;
  if (miembro !== null && miembro !== current?.miembro_id && !(await partner(tx, ledgerId, miembro)))
    throw new AppError('VALIDATION_ERROR', messages.movMiembroInvalido, { miembroId: messages.movMiembroInvalido });
  // DESIGN §28: a defaulted rate is resolved once, at creation, and stored. An edit that omits
  // `tasa` keeps the stored one while the movement stays a VES aporte/retiro (a note corrected
  // after the day's history value arrived must not revalue the capital); `tasa: null` asks again.
  const keep = capital && data.moneda === 'VES' && current?.moneda === 'VES' ? current.tasa : null;
  let tasa = data.tasa === undefined ? keep : data.tasa;
  if (capital && data.moneda === 'VES' && tasa === null) {
    tasa = (await rateOfDay(tx, data.fecha, ctx.config.APP_TIMEZONE)) ?? null;
    if (tasa === null) throw new AppError('TASA_REQUERIDA', messages.tasaRequerida, { tasa: messages.tasaRequerida });
  }
  const today = todayKey(ctx.config.APP_TIMEZONE, actor.access.now ?? new Date());
  // DESIGN §28: default now on today, else noon of the day in APP_TIMEZONE; it must fall on `fecha`.
  // An edit that omits it keeps the stored time while the movement stays on its day.
  const ocurrido = data.ocurrido_en ?? (current && current.fecha === data.fecha ? current.ocurrido_en : null);
  const check = await tx.execute<{ at: string; day: string }>(sql`
    select to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, (x.at at time zone ${ctx.config.APP_TIMEZONE})::date::text as day
    from (select coalesce(${ocurrido}::timestamptz, case when ${data.fecha}::date = ${today}::date then ${(actor.access.now ?? new Date()).toISOString()}::timestamptz
      else (${data.fecha}::date + time '12:00') at time zone ${ctx.config.APP_TIMEZONE} end) as at) x`);
  const at = check.rows[0]!;
  if (at.day !== data.fecha)
    throw new AppError('VALIDATION_ERROR', messages.movOcurridoOtroDia, { ocurrido_en: messages.movOcurridoOtroDia });
  return {
    tipo: data.tipo,
    fecha: data.fecha,
    ocurrido_en: at.at,
    moneda: data.moneda,
    monto: data.monto,
    comision: data.tipo === 'transferencia' ? data.comision : '0.00',
    cuenta_origen_id: origen,
    cuenta_destino_id: destino,
    sentido: data.tipo === 'ajuste' && origen === null && destino === null ? (data.sentido ?? null) : null,
    miembro_id: miembro,
    tasa,
    notas: data.notas,
  };
}

/** What binds an Idempotency-Key to its movement request (docs/product.md#account-security): ledger and body. */
function requestHash(ledgerId: string, data: CreateMovimientoData): string {
  const entries = Object.entries({ ...data, ledgerId })
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

async function answer(db: DbOrTx, id: string): Promise<MovimientoJson> {
  const row = await readMovimiento(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.movNotFound);
  return toMovimientoJson(row);
}

/**
 * POST …/movimientos. With an Idempotency-Key the key is claimed in the change's own transaction
 * (the key table is shared with transactions; a movement's keys carry the prefix `mov:`): a
 * concurrent duplicate waits on the first claim, then answers the first movement; the same key
 * with a different request is 422 IDEMPOTENCY_MISMATCH.
 */
export async function createMovimiento(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  data: CreateMovimientoData,
  idempotencyKey: string | undefined,
): Promise<MovimientoJson> {
  const m = await loadMembership(ctx.db, ledgerId, actor.user.id);
  authorize(m, 'manageCuentas', actor.access);
  const result = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const v = await resolve(ctx, tx, ledgerId, actor, data);
    let id: string | undefined;
    if (idempotencyKey !== undefined) {
      const hash = requestHash(ledgerId, data);
      const claim = await tx.execute<{ id: string }>(sql`
        insert into idempotency_keys (user_id, key, transaction_id, request_hash)
        values (${actor.user.id}, ${`mov:${idempotencyKey}`}, gen_random_uuid(), ${hash})
        on conflict (user_id, key) do nothing returning transaction_id::text as id`);
      id = claim.rows[0]?.id;
      if (!id) {
        const prior = await tx.execute<{ id: string | null; request_hash: string | null }>(sql`
          select transaction_id::text as id, request_hash from idempotency_keys where user_id = ${actor.user.id} and key = ${`mov:${idempotencyKey}`}`);
        const p = prior.rows[0];
        if (p?.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH', messages.idempotencyMismatch);
        return { replay: true as const, json: await answer(tx, p.id ?? '00000000-0000-0000-0000-000000000000') };
      }
    }
    const inserted = await tx.execute<{ id: string; row: RowSnapshot }>(sql`
      insert into movimientos as m (id, ledger_id, tipo, fecha, ocurrido_en, moneda, monto, comision, cuenta_origen_id, cuenta_destino_id, sentido,
        miembro_id, tasa, notas, created_by)
      values (coalesce(${id ?? null}::uuid, gen_random_uuid()), ${ledgerId}, ${v.tipo}, ${v.fecha}, ${v.ocurrido_en}, ${v.moneda}, ${v.monto},
        ${v.comision}, ${v.cuenta_origen_id}, ${v.cuenta_destino_id}, ${v.sentido}, ${v.miembro_id}, ${v.tasa}, ${v.notas}, ${actor.user.id})
      returning m.id::text as id, ${rowSnapshotSql('m')} as row`);
    const created = inserted.rows[0]!;
    record({ ledgerId, userId: actor.user.id, action: 'MOVEMENT_CREATED', entityId: created.id, fecha: v.fecha, after: created.row });
    emit({ event: 'balance-updated', ledgerId, type: 'MOVEMENT_CREATED', fecha: v.fecha, fechas: [v.fecha], byUserId: actor.user.id });
    return { replay: false as const, json: await answer(tx, created.id) };
  });
  if (!result.replay) await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
  return result.json;
}

/** Locks a movement of the ledger for a write by someone with the balance permission. */
async function editable(ctx: Ctx, tx: Tx, actor: Actor, ledgerId: string, movId: string): Promise<MovimientoRow> {
  const m = await loadMembership(tx, ledgerId, actor.user.id);
  authorize(m, 'manageCuentas', actor.access);
  const row = await readMovimiento(tx, movId, true);
  if (!row || row.ledger_id !== ledgerId) throw new AppError('NOT_FOUND', messages.movNotFound);
  return row;
}

/** PUT …/movimientos/:movId: the whole movement again; a stale `version` is 409; a move to another day names both days. */
export async function updateMovimiento(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  movId: string,
  data: UpdateMovimientoData,
): Promise<MovimientoJson> {
  const json = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const current = await editable(ctx, tx, actor, ledgerId, movId);
    if (data.version !== undefined && data.version !== current.version) throw new AppError('STALE_VERSION', messages.movStale);
    const before = await tx.execute<{ row: RowSnapshot }>(
      sql`select ${rowSnapshotSql('m')} as row from movimientos m where m.id = ${movId}`,
    );
    const v = await resolve(ctx, tx, ledgerId, actor, data, current);
    const updated = await tx.execute<{ row: RowSnapshot }>(sql`
      update movimientos m set tipo = ${v.tipo}, fecha = ${v.fecha}, ocurrido_en = ${v.ocurrido_en}, moneda = ${v.moneda}, monto = ${v.monto},
        comision = ${v.comision}, cuenta_origen_id = ${v.cuenta_origen_id}, cuenta_destino_id = ${v.cuenta_destino_id}, sentido = ${v.sentido},
        miembro_id = ${v.miembro_id}, tasa = ${v.tasa}, notas = ${v.notas}, version = version + 1, updated_at = now()
      where m.id = ${movId} returning ${rowSnapshotSql('m')} as row`);
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'MOVEMENT_UPDATED',
      entityId: movId,
      fecha: v.fecha,
      before: before.rows[0]!.row,
      after: updated.rows[0]!.row,
    });
    const fechas = [...new Set([current.fecha, v.fecha])].sort();
    emit({ event: 'balance-updated', ledgerId, type: 'MOVEMENT_UPDATED', fecha: fechas[0], fechas, byUserId: actor.user.id });
    return answer(tx, movId);
  });
  await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
  return json;
}

/** DELETE …/movimientos/:movId → 204; the activity keeps the whole row, so it can be restored (docs/product.md#undo). */
export async function deleteMovimiento(ctx: Ctx, actor: Actor, ledgerId: string, movId: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const current = await editable(ctx, tx, actor, ledgerId, movId);
    const deleted = await tx.execute<{ row: RowSnapshot }>(
      sql`delete from movimientos m where m.id = ${movId} returning ${rowSnapshotSql('m')} as row`,
    );
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'MOVEMENT_DELETED',
      entityId: movId,
      fecha: current.fecha,
      before: deleted.rows[0]!.row,
    });
    emit({
      event: 'balance-updated',
      ledgerId,
      type: 'MOVEMENT_DELETED',
      fecha: current.fecha,
      fechas: [current.fecha],
      byUserId: actor.user.id,
    });
  });
  await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
}
