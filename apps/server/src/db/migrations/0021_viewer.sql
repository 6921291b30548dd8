-- docs/product.md "Permissions": viewer members ("Solo lectura") read everything and write nothing.
-- The check keeps the two flags exclusive (setting solo_lectura clears can_modify_balance).
ALTER TABLE "ledger_members" ADD COLUMN "solo_lectura" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_members" ADD CONSTRAINT "ledger_members_solo_lectura_check" CHECK (NOT ("solo_lectura" AND "can_modify_balance"));
