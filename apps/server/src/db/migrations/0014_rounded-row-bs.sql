-- Hand-written (docs/decisions/0034, issue 36). A row's bs_recibidos / bs_pagados were stored as the
-- exact product (150 × 313.4567 = 47018.505) while the row was shown and exported rounded
-- (47.018,51), so a day's balance — base + Σ unrounded rows — could be a céntimo off its own rows.
-- The rule of packages/shared/src/money/transaction-math.ts is now: each side rounded half-up to 2
-- decimals (PostgreSQL's round(numeric) rounds half away from zero, as the shared rule does), and
-- ganancia_ves = bs_recibidos − bs_pagados of those rounded sides − the fee valued in Bs (at the sale
-- rate when the row has a sale, else at its purchase rate), rounded once. ganancia_usd, the
-- average-cost walk (rates and amounts only) and its stored states do not change.
--
-- The day-totals trigger runs deferred; made immediate here, it applies its deltas during the update
-- instead of after the rebuild below (which would then count them twice).
SET CONSTRAINTS "transactions_day_totals_trg" IMMEDIATE;
--> statement-breakpoint
WITH "changed" AS (
  UPDATE "transactions" SET
    "bs_recibidos" = round("bs_recibidos", 2),
    "bs_pagados" = round("bs_pagados", 2),
    "ganancia_ves" = round(round("bs_recibidos", 2) - round("bs_pagados", 2) - "comision_usd" * (CASE WHEN "venta" > 0 THEN "tasa_venta" ELSE "tasa_compra" END), 2)
  WHERE "bs_recibidos" <> round("bs_recibidos", 2) OR "bs_pagados" <> round("bs_pagados", 2)
  RETURNING "ledger_id"
)
-- Cached day answers (server and browsers) are keyed by the ledger's revision: move it so none of
-- them keeps the old figures.
UPDATE "ledger_revisions" SET "revision" = "revision" + 1 WHERE "ledger_id" IN (SELECT "ledger_id" FROM "changed");
--> statement-breakpoint
-- Every day's sums again from its rows (docs/decisions/0003), the verified ones included.
DELETE FROM "ledger_day_totals";
--> statement-breakpoint
INSERT INTO "ledger_day_totals" ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd",
  "comision_usd", "v_venta", "v_compra", "v_bs_recibidos", "v_bs_pagados", "v_comision_usd")
SELECT "ledger_id", "fecha", count(*), sum("venta"), sum("compra"), sum("bs_recibidos"), sum("bs_pagados"), sum("ganancia_ves"), sum("ganancia_usd"),
  sum("comision_usd"),
  coalesce(sum("venta") FILTER (WHERE "esta_verificada"), 0), coalesce(sum("compra") FILTER (WHERE "esta_verificada"), 0),
  coalesce(sum("bs_recibidos") FILTER (WHERE "esta_verificada"), 0), coalesce(sum("bs_pagados") FILTER (WHERE "esta_verificada"), 0),
  coalesce(sum("comision_usd") FILTER (WHERE "esta_verificada"), 0)
FROM "transactions" GROUP BY "ledger_id", "fecha";
