import { sql } from 'drizzle-orm';
import { Big, summarizeDay, toFixedString, type DaySums, type MetodoGanancia, type PeriodoCerrado } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { executePrepared } from '../../db/prepared.ts';
import { toTransactionJson } from '../transactions/transaction-json.ts';
import { dayMarginAverage } from '../market/market-json.ts';
import { TRANSACTION_COLUMNS, type TransactionRow } from '../transactions/transaction-row.ts';
import { baseBalanceQuery, toDayBaseBalance, type BaseBalanceRow } from './base-balance.ts';
import {
  SEGMENT_BYTES,
  gzipFromSegments,
  gzipWhole,
  plainOf,
  reusableSegments,
  segmentsOf,
  type AnswerPieces,
  type GzSegment,
} from './day-answer-gzip.ts';
import { balancesHead, closedPeriodSql, dayBalances } from './day-balances.ts';
import { cuentasDaySql, type CuentasDayRaw } from '../cuentas/cuentas-day.ts';

/**
 * The balances answer of recently read days, kept up to date by reading only what changed
 * (docs/decisions/0017, issue 23). The ledger's revision (bumped at the commit of every change,
 * docs/architecture.md) still says *whether* anything changed: an unchanged revision is a hit that
 * costs nothing. A changed one used to mean recomputing the whole day; now a read asks PostgreSQL,
 * in one statement (so one snapshot and one round trip), for
 *  - the day's rows whose current version was written after the cached snapshot: every tuple
 *    written later has a transaction id at or above that snapshot's xmin (older ids had all
 *    finished when it was taken), so a filter on the system column `xmin` finds inserts and
 *    updates alike, whoever wrote them, on any instance;
 *  - the day's row count and sums from ledger_day_totals (same snapshot, kept by the triggers of
 *    docs/decisions/0003), the base (base-balance.ts) and the authors' current names.
 * The cached rows, with the fetched ones replacing or joining them, are the day's rows exactly when
 * their number equals the day's count (a row that left the day — deleted, moved, reset, undone —
 * makes it larger); otherwise, or after a rename, the day is recomputed from scratch. Only the rows
 * from the first one whose place changed get new cumulative figures and JSON; an append (the usual
 * change) touches one row. Ledgers under costo_promedio keep the whole-day computation (a change of
 * an earlier day changes their rows' realized profit).
 */

/** One row of a cached day: its JSON (with its cumulative profit) and what is needed to redo it. */
export interface DayRow {
  row: TransactionRow;
  /** The day's order as one string: ocurrido_en, created_at (µs, UTC, fixed width), id. */
  key: string;
  /** Running sums of the rounded row profits up to and including this row (exact). */
  cumVes: string;
  cumUsd: string;
  json: string;
}

interface DayState {
  /** The ledger's revision in the snapshot the state was read from. */
  revision: number;
  /** That snapshot's xmin, modulo 2^32 (the width of a tuple's `xmin`). */
  snapXmin: number;
  readAt: number;
  /** null for a costo_promedio day (whole-day answers only). */
  rows: DayRow[] | null;
  /** The rows' authors and the names the rows carry (a day has few authors; checked per read). */
  authors: ReadonlyMap<string, string | null>;
  answer: KeptAnswer;
}

/** A day's answer: its JSON and its gzip form, each made when first asked for (day-answer-gzip.ts). */
export interface DayAnswer {
  plain(): Buffer;
  gzipped(): Buffer;
}

interface KeptAnswer extends DayAnswer {
  /** Compressed segments of the rows known right for this answer (a prefix; all once gzipped). */
  readonly segments: readonly GzSegment[];
}

/**
 * From the answer's pieces: the rows' segments in `reuse` are taken as they are and the others
 * compressed when gzip is asked for; the JSON is joined only when a client wants it plain (browsers
 * never do), so a change costs no more than its rows.
 */
function keptAnswer(pieces: AnswerPieces, reuse: readonly GzSegment[], segmentBytes: number): KeptAnswer {
  let segments = reuse;
  let plain: Buffer | undefined;
  let gz: Buffer | undefined;
  return {
    get segments() {
      return segments;
    },
    plain: () => (plain ??= plainOf(pieces)),
    gzipped() {
      if (gz) return gz;
      segments = segmentsOf(pieces.rows, segments, segmentBytes);
      return (gz = gzipFromSegments(pieces, segments));
    },
  };
}

/** An answer computed whole (a costo_promedio day, or one too big to keep its rows). */
function wholeAnswer(body: Buffer): KeptAnswer {
  let gz: Buffer | undefined;
  return { segments: [], plain: () => body, gzipped: () => (gz ??= gzipWhole(body)) };
}

export interface DayAnswerCache {
  /** The day's answer at `revision` or later (the revision the caller read with its membership). */
  read(ledgerId: string, fecha: string, revision: number): Promise<DayAnswer>;
  /** How answers were made so far: cached as they were, brought up to date, read whole. */
  readonly stats: { hits: number; updates: number; whole: number };
}

export interface DayAnswerCacheOptions {
  /** Days kept (least recently used go first). */
  maxDays?: number;
  /** Rows kept over all days (a bound on memory: about 2 kB each). */
  maxRows?: number;
  /** A state older than this is read again in full (bounds any drift and xid wrap-around). */
  maxAgeMs?: number;
  now?: () => number;
  /** Size of the compressed segments of the rows (day-answer-gzip.ts); small in tests, to reuse many. */
  gzipSegmentBytes?: number;
}

const XID_SPAN = 4294967296; // 2^32
// The row's columns and its place in the day (DAY_ORDER) as one fixed-width string.
const ROW_COLUMNS = sql`${TRANSACTION_COLUMNS},
  to_char(t.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
    || t.id::text as day_key`;

interface DayRead {
  snap: string;
  revision: string;
  metodo: MetodoGanancia;
  transaction_count: number;
  d_venta: string;
  d_compra: string;
  d_comision_usd: string;
  d_bs_recibidos: string;
  d_bs_pagados: string;
  d_ganancia_ves: string;
  d_ganancia_usd: string;
  d_v_venta: string;
  d_v_compra: string;
  d_v_comision_usd: string;
  d_v_bs_recibidos: string;
  d_v_bs_pagados: string;
  names: Array<[string, string]>;
  cuentas_day: CuentasDayRaw;
  /** The closed period holding the day, or null (closing or reopening one bumps the revision). */
  cerrado: PeriodoCerrado | null;
}
type ReadRow = DayRead & BaseBalanceRow & { [K in keyof TransactionRow]: TransactionRow[K] | null } & { day_key: string | null };

/**
 * What one snapshot says about the day, in ONE statement (one snapshot, one round trip): the
 * ledger's revision and method, the day's count and sums, the base, the authors' current names and
 * the rows written since `since` (all of them when null; none under costo_promedio), one per
 * result row (a single row with null row columns when there are none).
 */
async function readDay(db: Db, ledgerId: string, fecha: string, since: number | null, authors: string[]) {
  // (xmin − since) mod 2^32 < 2^31: "written at or after `since`" in PostgreSQL's circular xid order.
  const written =
    since === null ? sql`` : sql`and (((t.xmin::text::bigint - ${since}) % ${XID_SPAN}) + ${XID_SPAN}) % ${XID_SPAN} < ${XID_SPAN / 2}`;
  // Sums are text: exact NUMERIC, never a float.
  const result = await executePrepared<ReadRow & Record<string, unknown>>(
    db,
    'day_read',
    sql`
    with meta as (
      select (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % ${XID_SPAN})::text as snap, lr.revision::text as revision,
        l.metodo_ganancia as metodo, coalesce(d.transaction_count, 0)::int as transaction_count,
        coalesce(d.venta, 0)::text as d_venta, coalesce(d.compra, 0)::text as d_compra, coalesce(d.comision_usd, 0)::text as d_comision_usd,
        coalesce(d.bs_recibidos, 0)::text as d_bs_recibidos, coalesce(d.bs_pagados, 0)::text as d_bs_pagados,
        coalesce(d.ganancia_ves, 0)::text as d_ganancia_ves, coalesce(d.ganancia_usd, 0)::text as d_ganancia_usd,
        coalesce(d.v_venta, 0)::text as d_v_venta, coalesce(d.v_compra, 0)::text as d_v_compra,
        coalesce(d.v_comision_usd, 0)::text as d_v_comision_usd, coalesce(d.v_bs_recibidos, 0)::text as d_v_bs_recibidos,
        coalesce(d.v_bs_pagados, 0)::text as d_v_bs_pagados,
        (select coalesce(json_agg(json_build_array(u.id, u.user_name)), '[]'::json) from users u
          where u.id = any(${`{${authors.join(',')}}`}::uuid[])) as names,
        ${cuentasDaySql(ledgerId, fecha)} as cuentas_day,
        ${closedPeriodSql(ledgerId, fecha)} as cerrado
      from ledgers l join ledger_revisions lr on lr.ledger_id = l.id left join ledger_day_totals d on d.ledger_id = l.id and d.fecha = ${fecha}::date
      where l.id = ${ledgerId}
    ), base as (select * from (${baseBalanceQuery(ledgerId, fecha)}) b)
    select meta.*, base.*, r.* from meta cross join base left join lateral (
      select ${ROW_COLUMNS} from transactions t left join users u on u.id = t.created_by
      where t.ledger_id = ${ledgerId} and t.fecha = ${fecha} and meta.metodo <> 'costo_promedio' ${written}
    ) r on true`,
  );
  const first = result.rows[0];
  if (!first) return undefined;
  const rows = result.rows.filter((r) => r.id !== null).map((r) => toDayRow(r as TransactionRow & { day_key: string }));
  // The statement's order is not the day's: sort here, by the same key the merge uses.
  rows.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const sums: DaySums = {
    venta: first.d_venta,
    compra: first.d_compra,
    comision_usd: first.d_comision_usd,
    bs_recibidos: first.d_bs_recibidos,
    bs_pagados: first.d_bs_pagados,
    ganancia_ves: first.d_ganancia_ves,
    ganancia_usd: first.d_ganancia_usd,
    v_venta: first.d_v_venta,
    v_compra: first.d_v_compra,
    v_comision_usd: first.d_v_comision_usd,
    v_bs_recibidos: first.d_v_bs_recibidos,
    v_bs_pagados: first.d_v_bs_pagados,
  };
  return { meta: first, sums, base: toDayBaseBalance(first, fecha), rows, cuentas: first.cuentas_day, cerrado: first.cerrado ?? null };
}

/** The rows from `from` on get their cumulative profit and JSON again (the earlier ones keep theirs). */
function withCumulative(rows: DayRow[], from: number): void {
  let ves = from === 0 ? new Big(0) : new Big(rows[from - 1]!.cumVes);
  let usd = from === 0 ? new Big(0) : new Big(rows[from - 1]!.cumUsd);
  for (let i = from; i < rows.length; i++) {
    const r = rows[i]!;
    // Sums of the stored rounded row profits, as computeDay (docs/product.md#money).
    ves = ves.plus(r.row.ganancia_ves);
    usd = usd.plus(r.row.ganancia_usd);
    const cumVes = toFixedString(ves);
    const cumUsd = toFixedString(usd);
    if (r.json !== '' && r.cumVes === cumVes && r.cumUsd === cumUsd) continue;
    rows[i] = {
      ...r,
      cumVes,
      cumUsd,
      json: JSON.stringify(toTransactionJson(r.row, { ves: toFixedString(ves, 2), usd: toFixedString(usd, 2) })),
    };
  }
}

function toDayRow(r: TransactionRow & { day_key: string }): DayRow {
  const row: TransactionRow = {
    id: r.id,
    ledger_id: r.ledger_id,
    fecha: r.fecha,
    venta: r.venta,
    tasa_venta: r.tasa_venta,
    compra: r.compra,
    tasa_compra: r.tasa_compra,
    notas: r.notas,
    esta_verificada: r.esta_verificada,
    bs_recibidos: r.bs_recibidos,
    bs_pagados: r.bs_pagados,
    ganancia_ves: r.ganancia_ves,
    ganancia_usd: r.ganancia_usd,
    comision_usd: r.comision_usd,
    ocurrido_en: r.ocurrido_en,
    origen: r.origen,
    referencia: r.referencia,
    version: r.version,
    cuenta_ves_id: r.cuenta_ves_id,
    cuenta_usd_id: r.cuenta_usd_id,
    mercado_paralelo: r.mercado_paralelo,
    mercado_oficial: r.mercado_oficial,
    mercado_fecha: r.mercado_fecha,
    created_at: r.created_at,
    created_by: r.created_by,
    author_name: r.author_name,
  };
  return { row, key: r.day_key, cumVes: '', cumUsd: '', json: '' };
}

/**
 * The cached rows with the fetched ones in place (null when they cannot be the day's rows: some
 * cached row left the day), and the first index whose row is not the cached one.
 */
export function mergeRows(cached: readonly DayRow[], fetched: DayRow[], count: number): { rows: DayRow[]; from: number } | null {
  if (fetched.length === 0 && cached.length === count) return { rows: cached.slice(), from: cached.length };
  // Appends only (the usual change): if the count grew by exactly the rows fetched, none of them was
  // already in the day and none left it (count = kept − left + new; fetched = new + edited in place).
  const last = cached.at(-1);
  if (cached.length + fetched.length === count && (!last || last.key < fetched[0]!.key))
    return { rows: cached.concat(fetched), from: cached.length };
  const fetchedIds = new Set(fetched.map((r) => r.row.id));
  const rows = cached.filter((r) => !fetchedIds.has(r.row.id));
  if (rows.length + fetched.length !== count) return null;
  // `fetched` is in the day's order; merge the two ordered lists.
  const merged: DayRow[] = [];
  let i = 0;
  let j = 0;
  while (i < rows.length || j < fetched.length) {
    if (j >= fetched.length || (i < rows.length && rows[i]!.key < fetched[j]!.key)) merged.push(rows[i++]!);
    else merged.push(fetched[j++]!);
  }
  let from = 0;
  while (from < merged.length && from < cached.length && merged[from] === cached[from]) from++;
  return { rows: merged, from };
}

function piecesOf(head: object, rows: readonly DayRow[]): AnswerPieces {
  // JSON.stringify of the whole answer gives the same bytes: the rows are its last key.
  return { head: `${JSON.stringify(head).slice(0, -1)},"transacciones_con_acumulados":[`, rows, tail: ']}' };
}

export function createDayAnswerCache(db: Db, options: DayAnswerCacheOptions = {}): DayAnswerCache {
  const maxDays = options.maxDays ?? 1000;
  const maxRows = options.maxRows ?? 50_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  const segmentBytes = options.gzipSegmentBytes ?? SEGMENT_BYTES;
  const states = new Map<string, DayState>();
  let cachedRows = 0;
  const stats = { hits: 0, updates: 0, whole: 0 };
  /** The newest read under way per day. */
  const inFlight = new Map<string, Promise<DayState>>();

  function keep(key: string, state: DayState): void {
    const current = states.get(key);
    // A slower read of an older snapshot must not replace a newer answer.
    if (current && current.revision > state.revision) return;
    if (current) {
      states.delete(key);
      cachedRows -= current.rows?.length ?? 0;
    }
    states.set(key, state);
    cachedRows += state.rows?.length ?? 0;
    while (states.size > 1 && (states.size > maxDays || cachedRows > maxRows)) {
      const [oldestKey, oldest] = states.entries().next().value as [string, DayState];
      states.delete(oldestKey);
      cachedRows -= oldest.rows?.length ?? 0;
    }
  }

  async function compute(ledgerId: string, fecha: string, prev: DayState | undefined): Promise<DayState> {
    const usable = prev?.rows && now() - prev.readAt <= maxAgeMs ? prev : undefined;
    const cachedRowsList = usable?.rows ?? [];
    const authors = usable?.authors ?? new Map<string, string | null>();
    const readAt = now();
    const read = await readDay(db, ledgerId, fecha, usable ? usable.snapXmin : null, [...authors.keys()]);
    if (!read) throw new Error(`ledger ${ledgerId} not found`); // the membership guard ran first: not reached
    const { meta } = read;
    const revision = Number(meta.revision);
    if (meta.metodo === 'costo_promedio') {
      // docs/product.md#profit-method-and-position: the rows' profit is realized against the whole ledger's walk; computed whole.
      const body = Buffer.from(JSON.stringify(await dayBalances(db, ledgerId, fecha)));
      stats.whole++;
      return { revision, snapXmin: Number(meta.snap), readAt, rows: null, authors: new Map(), answer: wholeAnswer(body) };
    }
    const names = new Map(meta.names);
    // Per author, not per row: the cached rows of one author all carry the name read with them.
    const renamed = [...authors].some(([id, name]) => names.get(id) !== name);
    const merged = usable && !renamed ? mergeRows(cachedRowsList, read.rows, meta.transaction_count) : null;
    if (usable && !merged) return compute(ledgerId, fecha, undefined); // something left the day: read it whole
    const rows = merged ? merged.rows : read.rows;
    if (merged) stats.updates++;
    else stats.whole++;
    const from = merged ? merged.from : 0;
    withCumulative(rows, from);
    const head = balancesHead(
      read.base,
      summarizeDay(read.sums, read.base),
      read.cuentas,
      read.cerrado,
      dayMarginAverage(rows.map((r) => r.row)),
    );
    const pieces = piecesOf(head, rows);
    // A day bigger than the whole budget of rows keeps only its answer (read whole on a change).
    const keepRows = rows.length <= maxRows;
    // Rows before `from` are the cached row objects: their compressed segments still hold.
    const reuse = merged && usable ? reusableSegments(usable.answer.segments, from, segmentBytes) : [];
    const answer = keepRows ? keptAnswer(pieces, reuse, segmentBytes) : wholeAnswer(plainOf(pieces));
    const nextAuthors = new Map(merged ? authors : []);
    for (const r of merged ? read.rows : rows) if (r.row.created_by) nextAuthors.set(r.row.created_by, r.row.author_name);
    return { revision, snapXmin: Number(meta.snap), readAt, rows: keepRows ? rows : null, authors: nextAuthors, answer };
  }

  return {
    stats,
    async read(ledgerId, fecha, revision) {
      const key = `${ledgerId}|${fecha}`;
      let awaited: Promise<DayState> | undefined;
      for (;;) {
        const hit = states.get(key);
        if (hit && hit.revision >= revision) {
          stats.hits++;
          states.delete(key); // re-insert: Map order doubles as least-recently-used order
          states.set(key, hit);
          return hit.answer;
        }
        // A read of the day under way usually started after this request read its revision (the
        // revision moves with every create, and 40 readers follow it): wait for it and use it
        // if its snapshot is new enough, rather than each reader bringing the day up to date.
        const pending = inFlight.get(key);
        if (!pending || pending === awaited) break;
        awaited = pending;
        const state = await pending.catch(() => undefined);
        if (state && state.revision >= revision) return state.answer;
      }
      // This read brings the day up to date, from the newest state, and others may wait for it.
      const pending = compute(ledgerId, fecha, states.get(key)).then((state) => {
        keep(key, state);
        return state;
      });
      inFlight.set(key, pending);
      try {
        return (await pending).answer;
      } finally {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      }
    },
  };
}
