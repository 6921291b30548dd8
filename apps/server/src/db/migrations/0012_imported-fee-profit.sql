-- Hand-written. Imported Binance orders with a fee were stored with a profit that did not subtract
-- it, while a typed row's did (docs/decisions/0018-integer-walk-and-streaming-import.md, "the fee fix"). This
-- recomputes those rows' stored figures with the one rule of packages/shared/src/money/
-- transaction-math.ts: a one-sided row earns +venta USD for a sale (−compra for a purchase) and
-- ganancia_ves = bs_recibidos − bs_pagados, each minus the fee (valued in Bs at the sale rate when
-- the row has a sale, else at its purchase rate) before the row's half-up rounding to 2 decimals
-- (PostgreSQL's round(numeric) rounds half away from zero, as the shared rule does). Imported rows
-- are always one-sided; the day totals and average-cost states follow through their triggers.
UPDATE "transactions" SET
  "ganancia_ves" = round("bs_recibidos" - "bs_pagados" - "comision_usd" * (CASE WHEN "venta" > 0 THEN "tasa_venta" ELSE "tasa_compra" END), 2),
  "ganancia_usd" = round((CASE WHEN "compra" > 0 THEN -"compra" ELSE "venta" END) - "comision_usd", 2)
WHERE "origen" = 'binance_p2p' AND "comision_usd" > 0 AND ("venta" = 0 OR "compra" = 0);
