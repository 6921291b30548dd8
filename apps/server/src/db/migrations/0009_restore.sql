-- DESIGN §18: an activity row that was restored is marked, so a second restore answers 409 and the
-- web stops offering "Restaurar" on it. Set in the restore's own database transaction.
ALTER TABLE "activity" ADD COLUMN "restored_at" timestamp with time zone;
