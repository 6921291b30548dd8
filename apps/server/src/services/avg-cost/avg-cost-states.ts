import { sql } from 'drizzle-orm';
import { Big, FLAT, toFixedString, walkAverageCost, type AverageCostRow, type AverageCostState } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';

/**
 * Stored end-of-day average-cost states (docs/product.md#profit-method-and-position, docs/decisions/0013).
 *
 * - avg_cost_days holds, per ledger and per book (the whole ledger = LEDGER_BOOK; each author's
 *   own rows = their user id), one row per day with rows of that book: the day's operations,
 *   realized figures and fees, and the position at the end of the day plus cumulative figures.
 * - They are valid for every day <= avg_cost_valid.valid_until. A statement trigger on
 *   transactions (migration 0005) lowers it to the earliest changed day − 1 and bumps `gen`,
 *   inside the writer's own transaction, whoever writes (create, edit, delete, import, reset).
 * - A read that finds them stale recomputes forward from the last valid state, under a per-ledger
 *   advisory lock (one recomputer per ledger on any number of instances), stores what it computed,
 *   and advances valid_until only if `gen` did not move meanwhile (compare-and-set): a write that
 *   committed during the recomputation keeps the states stale, so an edit of day 1 never leaves a
 *   later day stale.
 */
export const LEDGER_BOOK = '00000000-0000-0000-0000-000000000000';

export interface StoredDay {
  fecha: string;
  operaciones: number;
  realizado_ves: string;
  realizado_usd: string;
  comisiones_usd: string;
  posicion_usd: string;
  costo_promedio: string;
  acum_ves: string;
  acum_usd: string;
  acum_comisiones: string;
}

interface BookState extends AverageCostState {
  acum_ves: Big;
  acum_usd: Big;
  acum_comisiones: Big;
}

interface WalkRow extends AverageCostRow {
  fecha: string;
  created_by: string | null;
}

const ZERO = new Big(0);
const flatBook = (): BookState => ({ ...FLAT, acum_ves: ZERO, acum_usd: ZERO, acum_comisiones: ZERO });

/** The walk depends only on N and A: two books in the same position walk the same rows alike. */
const samePosition = (x: AverageCostState, y: AverageCostState): boolean =>
  x === y || (new Big(x.posicion_usd).eq(y.posicion_usd) && new Big(x.costo_promedio).eq(y.costo_promedio));

/** True when the stored states cover every day with transactions. */
async function isFresh(db: DbOrTx, ledgerId: string): Promise<{ fresh: boolean }> {
  const r = await db.execute<{ valid_until: string | null; last: string | null }>(sql`
    select (select valid_until::text from avg_cost_valid where ledger_id = ${ledgerId}) as valid_until,
      (select max(fecha)::text from ledger_day_totals where ledger_id = ${ledgerId}) as last`);
  const row = r.rows[0]!;
  if (row.last === null) return { fresh: true };
  return { fresh: row.valid_until !== null && row.valid_until !== '-infinity' && row.valid_until >= row.last };
}

/** Makes sure the stored states are valid up to the ledger's last day (recomputing if needed). */
export async function ensureAvgCostStates(db: Db, ledgerId: string): Promise<void> {
  if ((await isFresh(db, ledgerId)).fresh) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`avg-cost:${ledgerId}`}, 0))`);
    await tx.execute(sql`insert into avg_cost_valid (ledger_id) values (${ledgerId}) on conflict (ledger_id) do nothing`);
    // Read gen before the transactions: any write committed after this read moves gen, and then
    // the compare-and-set at the end leaves valid_until where that write put it.
    const v = await tx.execute<{ valid_until: string; gen: string }>(
      sql`select valid_until::text, gen::text from avg_cost_valid where ledger_id = ${ledgerId}`,
    );
    const { valid_until: validUntil, gen } = v.rows[0]!;
    const last = await tx.execute<{ last: string | null }>(
      sql`select max(fecha)::text as last from transactions where ledger_id = ${ledgerId}`,
    );
    const lastDay = last.rows[0]?.last ?? null;
    if (lastDay !== null && validUntil !== '-infinity' && validUntil >= lastDay) return; // another reader just did it

    const books = new Map<string, BookState>();
    const starts = await tx.execute<{
      book: string;
      posicion_usd: string;
      costo_promedio: string;
      acum_ves: string;
      acum_usd: string;
      acum_comisiones: string;
    }>(sql`
      select distinct on (book) book::text, posicion_usd::text, costo_promedio::text, acum_ves::text, acum_usd::text, acum_comisiones::text
      from avg_cost_days where ledger_id = ${ledgerId} and fecha <= ${validUntil}::date order by book, fecha desc`);
    for (const s of starts.rows) {
      books.set(s.book, {
        posicion_usd: s.posicion_usd,
        costo_promedio: s.costo_promedio,
        acum_ves: new Big(s.acum_ves),
        acum_usd: new Big(s.acum_usd),
        acum_comisiones: new Big(s.acum_comisiones),
      });
    }
    await tx.execute(sql`delete from avg_cost_days where ledger_id = ${ledgerId} and fecha > ${validUntil}::date`);
    const rows = await tx.execute<WalkRow & Record<string, unknown>>(sql`
      select t.fecha::text as fecha, t.venta::text as venta, t.tasa_venta::text as tasa_venta, t.compra::text as compra,
        t.tasa_compra::text as tasa_compra, t.comision_usd::text as comision_usd, t.created_by::text as created_by
      from transactions t where t.ledger_id = ${ledgerId} and t.fecha > ${validUntil}::date
      order by t.fecha, t.ocurrido_en, t.created_at, t.id`);

    const out: Array<StoredDay & { book: string }> = [];
    const all = rows.rows;
    for (let i = 0; i < all.length;) {
      const fecha = all[i]!.fecha;
      let j = i;
      const byBook = new Map<string, WalkRow[]>([[LEDGER_BOOK, []]]);
      while (j < all.length && all[j]!.fecha === fecha) {
        const r = all[j]!;
        byBook.get(LEDGER_BOOK)!.push(r);
        if (r.created_by !== null) {
          const list = byBook.get(r.created_by) ?? [];
          list.push(r);
          byBook.set(r.created_by, list);
        }
        j++;
      }
      const ledgerStart = books.get(LEDGER_BOOK) ?? flatBook();
      let ledgerWalk: ReturnType<typeof walkAverageCost> | undefined;
      for (const [book, dayRows] of byBook) {
        const start = books.get(book) ?? flatBook();
        // A member who wrote every row of the day and holds the ledger's position (a ledger with
        // one author, the common case) walks the same rows from the same state: reuse the walk.
        const walk =
          book !== LEDGER_BOOK && ledgerWalk && dayRows.length === byBook.get(LEDGER_BOOK)!.length && samePosition(start, ledgerStart)
            ? ledgerWalk
            : walkAverageCost(dayRows, start, { perRow: false });
        if (book === LEDGER_BOOK) ledgerWalk = walk;
        const next: BookState = {
          ...walk.state,
          acum_ves: start.acum_ves.plus(walk.realizado_ves),
          acum_usd: start.acum_usd.plus(walk.realizado_usd),
          acum_comisiones: start.acum_comisiones.plus(walk.comisiones_usd),
        };
        books.set(book, next);
        out.push({
          book,
          fecha,
          operaciones: dayRows.length,
          realizado_ves: walk.realizado_ves,
          realizado_usd: walk.realizado_usd,
          comisiones_usd: walk.comisiones_usd,
          posicion_usd: next.posicion_usd,
          costo_promedio: next.costo_promedio,
          acum_ves: toFixedString(next.acum_ves),
          acum_usd: toFixedString(next.acum_usd),
          acum_comisiones: toFixedString(next.acum_comisiones),
        });
      }
      i = j;
    }
    // One statement per 5,000 day rows (JSON in, a set out): a 3-year ledger is a few statements.
    for (let k = 0; k < out.length; k += 5000) {
      const chunk = JSON.stringify(out.slice(k, k + 5000));
      await tx.execute(sql`
        insert into avg_cost_days (ledger_id, book, fecha, operaciones, realizado_ves, realizado_usd, comisiones_usd,
          posicion_usd, costo_promedio, acum_ves, acum_usd, acum_comisiones)
        select ${ledgerId}::uuid, x.book, x.fecha, x.operaciones, x.realizado_ves, x.realizado_usd, x.comisiones_usd,
          x.posicion_usd, x.costo_promedio, x.acum_ves, x.acum_usd, x.acum_comisiones
        from jsonb_to_recordset(${chunk}::jsonb) as x(book uuid, fecha date, operaciones int, realizado_ves numeric,
          realizado_usd numeric, comisiones_usd numeric, posicion_usd numeric, costo_promedio numeric, acum_ves numeric,
          acum_usd numeric, acum_comisiones numeric)`);
    }
    const newValid = lastDay ?? validUntil;
    await tx.execute(sql`update avg_cost_valid set valid_until = ${newValid}::date where ledger_id = ${ledgerId} and gen = ${gen}::bigint`);
  });
}

/** The ledger book's state at the end of the last day with rows on or before `fecha` (flat if none). */
export async function ledgerStateAt(db: DbOrTx, ledgerId: string, fecha: string, book = LEDGER_BOOK): Promise<StoredDay | undefined> {
  const r = await db.execute<StoredDay & Record<string, unknown>>(sql`
    select fecha::text, operaciones, realizado_ves::text, realizado_usd::text, comisiones_usd::text, posicion_usd::text,
      costo_promedio::text, acum_ves::text, acum_usd::text, acum_comisiones::text
    from avg_cost_days where ledger_id = ${ledgerId} and book = ${book}::uuid and fecha <= ${fecha}::date
    order by fecha desc limit 1`);
  return r.rows[0];
}
