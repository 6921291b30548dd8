-- Hand-written (docs/decisions/0041). Search of a ledger's operations (docs/product.md#buscar-operaciones):
-- the order's counterparty and one trigram index per ledger over notes, reference and counterparty.
-- Both extensions ship with PostgreSQL's contrib (embedded PostgreSQL 18 and PostgreSQL 15) and are trusted.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "contraparte" text;
--> statement-breakpoint
-- One expression over the three columns (the same expression as services/transactions/search-transactions.ts):
-- a single index condition the planner costs well, where an OR of three columns is costed as three scans.
-- btree_gin lets ledger_id sit in the same GIN index, so a ledger's matches never read another ledger's.
CREATE INDEX "transactions_search_idx" ON "transactions" USING gin (
	"ledger_id",
	(coalesce("notas", '') || E'\n' || coalesce("referencia", '') || E'\n' || coalesce("contraparte", '')) gin_trgm_ops
);
