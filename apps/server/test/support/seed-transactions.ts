import type pg from 'pg';

/**
 * `count` transactions in one INSERT … SELECT generate_series, spread over `days` days ending on
 * `lastDay` (row i on lastDay − (i mod days)); derived figures computed by SQL with the docs/product.md#money
 * rules (each Bs side rounded to the céntimo, docs/decisions/0034; half-up rounding = SQL round() on numeric), a mix of sale+purchase, sale-only and
 * purchase-only rows, half of them verified, every fifth with a note `${notePrefix}${i}`. Used by bench/ and the API tests
 * that need a big month; ends with `vacuum analyze`: the trigger's upserts leave dead row versions in
 * ledger_day_totals that autovacuum would clear in a live system.
 */
export async function seedTransactionsSql(
  pool: pg.Pool,
  o: { ledgerId: string; userId: string },
  count: number,
  days: number,
  lastDay: string,
  notePrefix = 'nota ',
): Promise<void> {
  await pool.query(
    `insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
       ganancia_ves, ganancia_usd, notas, esta_verificada, created_by, created_at)
     select $1, $4::date - (i % $3), v, tv, c, tc, round(v * tv, 2), round(c * tc, 2), round(v * tv, 2) - round(c * tc, 2),
       case when c > 0 then round((v * tv - c * tc) / tc, 2) when v > 0 then v else 0 end,
       case when i % 5 = 0 then $6 || i end, i % 2 = 0, $2, now() + i * interval '1 microsecond'
     from (
       select i,
         case when i % 3 = 2 then 0 else (100 + i % 900)::numeric(15,2) end as v,
         case when i % 3 = 2 then 0 else (36 + (i % 97) / 100.0)::numeric(17,4) end as tv,
         case when i % 3 = 1 then 0 else (95 + i % 850)::numeric(15,2) end as c,
         case when i % 3 = 1 then 0 else (35.5 + (i % 89) / 100.0)::numeric(17,4) end as tc
       from generate_series(1, $5::int) i
     ) s`,
    [o.ledgerId, o.userId, days, lastDay, count, notePrefix],
  );
  await pool.query('vacuum analyze transactions, ledger_day_totals');
}
