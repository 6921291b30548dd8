-- Hand-written (docs/decisions/0044). Whose money it is (docs/product.md#socios-y-liquidacion):
-- the ledger's split rule, the closed periods (liquidaciones) and the lock that keeps them closed.
ALTER TABLE "ledgers" ADD COLUMN "reparto" jsonb DEFAULT '{"metodo":"capital"}'::jsonb NOT NULL;
--> statement-breakpoint
-- A closed period: the preview's whole answer as stored (datos), with the columns the rules read
-- (the next period's start, its rates and equity, DESIGN §28 "Consecutive periods join exactly").
CREATE TABLE "liquidaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE cascade,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"tasa_inicial" numeric(17, 4),
	"fuente_inicial" text,
	"tasa_final" numeric(17, 4),
	"fuente_final" text,
	"fecha_tasa_final" date,
	"patrimonio_final_usd" numeric(17, 2) NOT NULL,
	"datos" jsonb NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liquidaciones_dias" CHECK ("desde" <= "hasta")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "liquidaciones_ledger_desde_idx" ON "liquidaciones" ("ledger_id", "desde");
--> statement-breakpoint
CREATE INDEX "liquidaciones_ledger_hasta_idx" ON "liquidaciones" ("ledger_id", "hasta");
--> statement-breakpoint
-- The lock (DESIGN §28 "The lock, race-free"): at commit, a write to a ledger's dated rows takes the
-- ledger's advisory lock in SHARED mode and refuses a row whose old or new day lies in a closed
-- period. Closing takes the same lock EXCLUSIVELY before it computes and stores, so no write
-- commits into a period while it closes, and every write that commits after sees the new period.
CREATE FUNCTION "periodo_cerrado_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lid uuid;
  closed record;
BEGIN
  lid := CASE WHEN TG_OP = 'DELETE' THEN OLD."ledger_id" ELSE NEW."ledger_id" END;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('liquidacion:' || lid::text, 0));
  SELECT l."desde", l."hasta" INTO closed FROM "liquidaciones" l
  WHERE l."ledger_id" = lid AND (
    (TG_OP <> 'DELETE' AND NEW."fecha" BETWEEN l."desde" AND l."hasta")
    OR (TG_OP <> 'INSERT' AND OLD."fecha" BETWEEN l."desde" AND l."hasta" AND OLD."ledger_id" = lid))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'PERIODO_CERRADO' USING ERRCODE = 'AR409', DETAIL = closed."desde"::text || '|' || closed."hasta"::text;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_ins_del_trg" AFTER INSERT OR DELETE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
-- Verify toggles stay allowed (they change no figure of a liquidación): an update that changes
-- only the verification (and its bookkeeping columns) queues nothing; so does a deleted author's
-- ON DELETE SET NULL.
CREATE CONSTRAINT TRIGGER "liquidacion_lock_upd_trg" AFTER UPDATE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'esta_verificada' - 'updated_at' - 'version' - 'created_by') IS DISTINCT FROM (to_jsonb(NEW) - 'esta_verificada' - 'updated_at' - 'version' - 'created_by'))
  EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_ins_del_trg" AFTER INSERT OR DELETE ON "movimientos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_upd_trg" AFTER UPDATE ON "movimientos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at' - 'created_by') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at' - 'created_by'))
  EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_ins_del_trg" AFTER INSERT OR DELETE ON "daily_balances" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_upd_trg" AFTER UPDATE ON "daily_balances" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at' - 'updated_by') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at' - 'updated_by'))
  EXECUTE FUNCTION "periodo_cerrado_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "liquidacion_lock_trg" AFTER INSERT ON "cuadres" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "periodo_cerrado_check"();
