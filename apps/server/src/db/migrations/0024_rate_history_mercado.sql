-- docs/product.md#market-reference (DESIGN §24, §28): the daily official and parallel rates from
-- RATES_HISTORY_URL (one row per source and day; the live fetches stay in rate_snapshots), and the
-- market each transaction met, stamped at creation, import or sync. Existing rows keep no stamp
-- (docs/decisions/0049-market-stamp-and-rate-of-day.md).
CREATE TABLE "rate_history" (
	"source" text NOT NULL,
	"fecha" date NOT NULL,
	"promedio" numeric(17, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_history_pkey" PRIMARY KEY ("source", "fecha"),
	CONSTRAINT "rate_history_source_check" CHECK ("source" IN ('oficial', 'paralelo')),
	CONSTRAINT "rate_history_promedio_check" CHECK ("promedio" > 0)
);--> statement-breakpoint
-- "The last live value fetched on D" and "at or before ocurrido_en" look snapshots up by time.
CREATE INDEX "rate_snapshots_source_fetched_idx" ON "rate_snapshots" USING btree ("source", "fetched_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "mercado_paralelo" numeric(17, 4);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "mercado_oficial" numeric(17, 4);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "mercado_fecha" date;
