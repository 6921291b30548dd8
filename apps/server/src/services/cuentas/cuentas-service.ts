import { sql } from 'drizzle-orm';
import {
  messages,
  metodoBinanceClave,
  nombreClave,
  t,
  sinAsignar,
  todayKey,
  toFixedString,
  Big,
  type CreateCuentaData,
  type CuentaJson,
  type CuentasResponse,
  type UpdateCuentaData,
} from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { baseBalanceQuery } from '../balances/base-balance.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { num } from '../transactions/transaction-json.ts';
import { isMember } from './cuenta-checks.ts';
import { cuentaJsonSql, cuentasSaldoSql, TITULAR_JOIN, toCuentaJson, toCuentaSaldoJson, type CuentaRow } from './cuenta-rows.ts';

/**
 * Accounts (docs/product.md#cuentas-y-movimientos): every member reads them with their balances;
 * writes need the balance permission and go through ledgerChange (activity with full snapshots,
 * realtime `balance-updated` CUENTA_CREATED / CUENTA_UPDATED / CUENTA_DELETED).
 */

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

/**
 * GET …/cuentas?fecha: every account's balance at the end of `fecha`, Sin asignar and the totals,
 * in ONE statement (the base, the day's totals and the per-account totals from one snapshot).
 * `totales` = Σ accounts + Sin asignar = the day's available balance.
 */
export async function listCuentas(db: DbOrTx, ledgerId: string, fecha: string, allArchived: boolean): Promise<CuentasResponse> {
  // One statement is one snapshot: no transaction around it (two round trips fewer).
  const result = await db.execute<{ ves: string; usd: string; cuentas: CuentaRow[] }>(sql`
      with b as (select * from (${baseBalanceQuery(ledgerId, fecha)}) b)
      select (b.ves::numeric + coalesce(d.bs_recibidos - d.bs_pagados + d.mov_ves, 0))::text as ves,
        (b.usd::numeric + coalesce(d.compra - d.venta - d.comision_usd + d.mov_usd, 0))::text as usd,
        ${cuentasSaldoSql(ledgerId, fecha, allArchived)} as cuentas
      from b left join ledger_day_totals d on d.ledger_id = ${ledgerId} and d.fecha = ${fecha}::date`);
  const r = result.rows[0]!;
  const saldos = (moneda: 'VES' | 'USD') => r.cuentas.filter((c) => c.moneda === moneda).map((c) => c.saldo ?? '0');
  return {
    fecha,
    cuentas: r.cuentas.map(toCuentaSaldoJson),
    sin_asignar: { ves: num(sinAsignar(r.ves, saldos('VES')), 2), usd: num(sinAsignar(r.usd, saldos('USD')), 2) },
    totales: { ves: num(toFixedString(new Big(r.ves), 2), 2), usd: num(toFixedString(new Big(r.usd), 2), 2) },
  };
}

async function readCuenta(db: DbOrTx, ledgerId: string, cuentaId: string, forUpdate = false): Promise<CuentaRow | undefined> {
  const r = await db.execute<{ j: CuentaRow }>(sql`
    select ${cuentaJsonSql()} as j from cuentas c ${TITULAR_JOIN}
    where c.id = ${cuentaId} and c.ledger_id = ${ledgerId} ${forUpdate ? sql`for update of c` : sql``}`);
  return r.rows[0]?.j;
}

const snapshot = async (tx: Tx, id: string) =>
  (await tx.execute<{ row: RowSnapshot }>(sql`select ${rowSnapshotSql('c')} as row from cuentas c where c.id = ${id}`)).rows[0]!.row;

/** A unique violation of the active-name index is a duplicate name (two concurrent creates included). */
function isDuplicate(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown };
    if (x.code === '23505' && x.constraint === 'cuentas_ledger_nombre_activa_idx') return true;
  }
  return false;
}

async function guardDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isDuplicate(err)) throw new AppError('CUENTA_DUPLICADA', messages.cuentaDuplicada, { nombre: messages.cuentaDuplicada });
    throw err;
  }
}

async function checkTitular(tx: Tx, ledgerId: string, titularId: string): Promise<void> {
  if (!(await isMember(tx, ledgerId, titularId)))
    throw new AppError('VALIDATION_ERROR', messages.cuentaTitularInvalido, { titularId: messages.cuentaTitularInvalido });
}

async function writer(ctx: Ctx, tx: Tx, actor: Actor, ledgerId: string): Promise<void> {
  const m = await loadMembership(tx, ledgerId, actor.user.id);
  authorize(m, 'manageCuentas', actor.access);
}

/**
 * DESIGN §28: a Binance payment method names at most one active account per titular, the one the
 * sync puts that method's bolívares in (services/binance/map-order.ts falls back to the link's
 * account when two match). Checked for the account as it will be — active, with its titular and
 * methods — against the titular's other active accounts, under a per-ledger lock so two writes
 * at once cannot both pass. 409 CUENTA_DUPLICADA naming the method and the account that has it.
 */
async function checkMetodos(
  tx: Tx,
  ledgerId: string,
  cuenta: { id: string | null; titular: string | null; metodos: string[] },
): Promise<void> {
  if (cuenta.metodos.length === 0 || cuenta.titular === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cuenta-metodos:${ledgerId}`}, 0))`);
  const others = await tx.execute<{ nombre: string; metodos: string[] }>(sql`
    select nombre, metodos_binance as metodos from cuentas
    where ledger_id = ${ledgerId} and titular_id = ${cuenta.titular} and not archivada and id is distinct from ${cuenta.id}::uuid
      and jsonb_array_length(metodos_binance) > 0`);
  for (const metodo of cuenta.metodos) {
    const key = metodoBinanceClave(metodo);
    const other = others.rows.find((o) => Array.isArray(o.metodos) && o.metodos.some((m) => metodoBinanceClave(m) === key));
    if (other) {
      const text = t('cuentaMetodoRepetido', { metodo, cuenta: other.nombre });
      throw new AppError('CUENTA_DUPLICADA', text, { metodos_binance: text });
    }
  }
}

/** POST …/cuentas → 201 {cuenta}. */
export async function createCuenta(ctx: Ctx, actor: Actor, ledgerId: string, data: CreateCuentaData): Promise<CuentaJson> {
  return guardDuplicate(() =>
    ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
      await writer(ctx, tx, actor, ledgerId);
      const titular = data.titularId ?? actor.user.id;
      if (titular !== actor.user.id) await checkTitular(tx, ledgerId, titular);
      await checkMetodos(tx, ledgerId, { id: null, titular, metodos: data.metodos_binance ?? [] });
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into cuentas (ledger_id, nombre, nombre_clave, moneda, tipo, titular_id, metodos_binance, created_by)
        values (${ledgerId}, ${data.nombre}, ${nombreClave(data.nombre)}, ${data.moneda}, ${data.tipo}, ${titular},
          ${JSON.stringify(data.metodos_binance ?? [])}::jsonb, ${actor.user.id})
        returning id::text as id`);
      const id = inserted.rows[0]!.id;
      record({ ledgerId, userId: actor.user.id, action: 'CUENTA_CREATED', entityId: id, after: await snapshot(tx, id) });
      emit({ event: 'balance-updated', ledgerId, type: 'CUENTA_CREATED', byUserId: actor.user.id });
      return toCuentaJson((await readCuenta(tx, ledgerId, id))!);
    }),
  );
}

/**
 * Whether anything names the account (DESIGN §28 "Accounts that come back"): a transaction, a
 * movement, a cuadre, or an activity snapshot of the last 30 days (so an undo can bring back a row
 * that named it) other than the account's own entries.
 */
async function isUsed(tx: Tx, ledgerId: string, id: string): Promise<boolean> {
  const r = await tx.execute<{ used: boolean }>(sql`
    select exists (select 1 from transactions where cuenta_ves_id = ${id}) or exists (select 1 from transactions where cuenta_usd_id = ${id})
      or exists (select 1 from movimientos where cuenta_origen_id = ${id}) or exists (select 1 from movimientos where cuenta_destino_id = ${id})
      or exists (select 1 from cuadres where cuenta_id = ${id})
      -- DESIGN §28: a Binance link naming it (docs/product.md#binance-sync).
      or exists (select 1 from binance_links where cuenta_usd_id = ${id} or cuenta_ves_id = ${id})
      or exists (select 1 from activity a where a.ledger_id = ${ledgerId} and a.created_at > now() - interval '30 days'
        and a.entity_id is distinct from ${id} and (a.before::text like ${`%${id}%`} or a.after::text like ${`%${id}%`})) as used`);
  return r.rows[0]!.used;
}

/** PUT …/cuentas/:cuentaId {…, version}: any subset of the fields; `archivada` archives or brings it back. */
export async function updateCuenta(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  cuentaId: string,
  data: UpdateCuentaData,
): Promise<CuentaJson> {
  return guardDuplicate(() =>
    ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
      await writer(ctx, tx, actor, ledgerId);
      const current = await readCuenta(tx, ledgerId, cuentaId, true);
      if (!current) throw new AppError('NOT_FOUND', messages.cuentaNotFound);
      if (data.version !== undefined && data.version !== current.version) throw new AppError('STALE_VERSION', messages.cuentaStale);
      if (data.moneda !== undefined && data.moneda !== current.moneda && (await isUsed(tx, ledgerId, cuentaId)))
        throw new AppError('CUENTA_EN_USO', messages.cuentaMonedaEnUso, { moneda: messages.cuentaMonedaEnUso });
      if (data.titularId !== undefined && data.titularId !== current.titular_id) await checkTitular(tx, ledgerId, data.titularId);
      if (data.archivada === true && !current.archivada) await checkArchivable(ctx, tx, ledgerId, cuentaId, actor.access.now ?? new Date());
      // The methods as they will be, when the account stays or comes back active and its methods or titular change.
      const activa = !(data.archivada ?? current.archivada);
      if (activa && (data.metodos_binance !== undefined || data.titularId !== undefined || current.archivada))
        await checkMetodos(tx, ledgerId, {
          id: cuentaId,
          titular: data.titularId ?? current.titular_id,
          metodos: data.metodos_binance ?? current.metodos_binance,
        });
      const before = await snapshot(tx, cuentaId);
      const nombre = data.nombre ?? current.nombre;
      await tx.execute(sql`
        update cuentas set nombre = ${nombre}, nombre_clave = ${nombreClave(nombre)}, moneda = ${data.moneda ?? current.moneda},
          tipo = ${data.tipo ?? current.tipo}, titular_id = ${data.titularId ?? current.titular_id},
          metodos_binance = ${JSON.stringify(data.metodos_binance ?? current.metodos_binance)}::jsonb,
          archivada = ${data.archivada ?? current.archivada}, version = version + 1, updated_at = now()
        where id = ${cuentaId}`);
      record({
        ledgerId,
        userId: actor.user.id,
        action: 'CUENTA_UPDATED',
        entityId: cuentaId,
        before,
        after: await snapshot(tx, cuentaId),
      });
      emit({ event: 'balance-updated', ledgerId, type: 'CUENTA_UPDATED', byUserId: actor.user.id });
      return toCuentaJson((await readCuenta(tx, ledgerId, cuentaId))!);
    }),
  );
}

/** Archiving needs a zero balance at the end of today and no flows dated later (DESIGN §28). */
async function checkArchivable(ctx: Ctx, tx: Tx, ledgerId: string, cuentaId: string, now: Date): Promise<void> {
  const today = todayKey(ctx.config.APP_TIMEZONE, now);
  const r = await tx.execute<{ saldo: string; later: boolean }>(sql`
    select round(coalesce(sum(entra - sale) filter (where fecha <= ${today}::date), 0), 2)::text as saldo,
      coalesce(bool_or(fecha > ${today}::date), false) as later
    from cuenta_day_totals where ledger_id = ${ledgerId} and cuenta_id = ${cuentaId}`);
  const { saldo, later } = r.rows[0]!;
  if (later) throw new AppError('CUENTA_CON_SALDO', messages.cuentaFlujosPosteriores);
  if (!new Big(saldo).eq(0)) throw new AppError('CUENTA_CON_SALDO', messages.cuentaConSaldo);
}

/** DELETE …/cuentas/:cuentaId → 204, only for an account never used (else 409 CUENTA_EN_USO: archive it). */
export async function deleteCuenta(ctx: Ctx, actor: Actor, ledgerId: string, cuentaId: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    await writer(ctx, tx, actor, ledgerId);
    const current = await readCuenta(tx, ledgerId, cuentaId, true);
    if (!current) throw new AppError('NOT_FOUND', messages.cuentaNotFound);
    if (await isUsed(tx, ledgerId, cuentaId)) throw new AppError('CUENTA_EN_USO', messages.cuentaEnUso);
    const before = await snapshot(tx, cuentaId);
    await tx.execute(sql`delete from cuentas where id = ${cuentaId}`);
    record({ ledgerId, userId: actor.user.id, action: 'CUENTA_DELETED', entityId: cuentaId, before });
    emit({ event: 'balance-updated', ledgerId, type: 'CUENTA_DELETED', byUserId: actor.user.id });
  });
}
