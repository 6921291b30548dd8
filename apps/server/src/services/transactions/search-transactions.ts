import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, SEARCH_TOTAL_CAP, type SearchAnswer, type SearchQuery, type SearchRow } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { num } from './transaction-json.ts';

/**
 * The searched text of a row aliased `t`: exactly transactions_search_idx's expression (migration
 * 0019), so the index serves it. A newline separates the columns; the query text never has one.
 */
const SEARCH_TEXT = sql.raw(`(coalesce(t.notas, '') || E'\\n' || coalesce(t.referencia, '') || E'\\n' || coalesce(t.contraparte, ''))`);

/** `like` patterns take the text literally: `%`, `_` and the escape character itself are escaped. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/**
 * The filters of docs/api.md#buscar-operaciones over transactions aliased `t`. The text match is
 * one `ilike` over SEARCH_TEXT, served by transactions_search_idx (migration 0019: GIN over
 * ledger_id and the trigrams of notes, reference and counterparty), the ledger in the same index.
 */
function searchWhere(ledgerId: string, f: SearchQuery): SQL {
  const parts: SQL[] = [sql`t.ledger_id = ${ledgerId}`];
  if (f.q !== undefined) {
    const p = containsPattern(f.q);
    parts.push(sql`${SEARCH_TEXT} ilike ${p}`);
  }
  if (f.desde) parts.push(sql`t.fecha >= ${f.desde}`);
  if (f.hasta) parts.push(sql`t.fecha <= ${f.hasta}`);
  if (f.tipo === 'venta') parts.push(sql`t.venta > 0`);
  if (f.tipo === 'compra') parts.push(sql`t.compra > 0`);
  if (f.cuentaId) parts.push(sql`(t.cuenta_ves_id = ${f.cuentaId} or t.cuenta_usd_id = ${f.cuentaId})`);
  if (f.userId) parts.push(sql`t.created_by = ${f.userId}`);
  if (f.origen) parts.push(sql`t.origen = ${f.origen}`);
  return sql.join(parts, sql` and `);
}

interface SearchDbRow extends Record<string, unknown> {
  id: string;
  fecha: string;
  ocurrido_en: string;
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  notas: string | null;
  referencia: string | null;
  contraparte: string | null;
  origen: 'manual' | 'binance_p2p';
  esta_verificada: boolean;
  cuenta_ves_id: string | null;
  cuenta_usd_id: string | null;
  created_by: string | null;
  author_name: string | null;
}

function toSearchRow(r: SearchDbRow): SearchRow {
  return {
    id: r.id,
    fecha: r.fecha,
    ocurrido_en: r.ocurrido_en,
    venta: num(r.venta, 2),
    tasa_venta: num(r.tasa_venta, 4),
    compra: num(r.compra, 2),
    tasa_compra: num(r.tasa_compra, 4),
    notas: r.notas,
    referencia: r.referencia,
    contraparte: r.contraparte,
    origen: r.origen,
    esta_verificada: r.esta_verificada,
    cuenta_ves_id: r.cuenta_ves_id,
    cuenta_usd_id: r.cuenta_usd_id,
    createdBy: r.created_by && r.author_name !== null ? { id: r.created_by, user_name: r.author_name } : null,
  };
}

/**
 * GET /api/ledgers/:id/transactions/search (docs/api.md#buscar-operaciones): a page of matches,
 * newest first (the reverse of the day's order, so transactions_ledger_day_idx read backwards
 * serves it), and the count of matches, exact up to SEARCH_TOTAL_CAP: counting stops there, so a
 * search matching a whole ledger costs no more than one matching a thousand rows.
 * The caller has proved membership (reading is every member's right).
 */
export async function searchTransactions(db: DbOrTx, ledgerId: string, f: SearchQuery): Promise<SearchAnswer> {
  const where = searchWhere(ledgerId, f);
  const offset = (f.page - 1) * SEARCH_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    db.execute<SearchDbRow>(sql`
      select t.id, t.fecha::text as fecha,
        to_char(t.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ocurrido_en,
        t.venta, t.tasa_venta, t.compra, t.tasa_compra, t.notas, t.referencia, t.contraparte, t.origen,
        t.esta_verificada, t.cuenta_ves_id, t.cuenta_usd_id, t.created_by, u.user_name as author_name
      from transactions t left join users u on u.id = t.created_by
      where ${where}
      order by t.fecha desc, t.ocurrido_en desc, t.created_at desc, t.id desc
      limit ${SEARCH_PAGE_SIZE} offset ${offset}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select 1 from transactions t where ${where} limit ${SEARCH_TOTAL_CAP + 1}) m`),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  const mas = n > SEARCH_TOTAL_CAP;
  return { rows: rows.rows.map(toSearchRow), total: mas ? SEARCH_TOTAL_CAP : n, mas, page: f.page };
}
