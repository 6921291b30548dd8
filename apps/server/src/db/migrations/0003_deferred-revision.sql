-- Hand-written (drizzle-kit does not model triggers). Every ledger change writes activity rows in
-- the same database transaction (ledgerChange), so the ledger's revision is bumped here, by a
-- deferred constraint trigger that runs at commit. The ledgers row is then locked only for the
-- commit itself: bumping it from the application held the lock across a round trip to Node, which
-- serialized every write of a busy ledger behind the event loop.
CREATE FUNCTION "activity_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledgers" SET "revision" = "revision" + 1 WHERE "id" = NEW."ledger_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "activity_bump_revision_trg"
  AFTER INSERT ON "activity" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "activity_bump_revision"();
