-- docs/product.md#socios-y-liquidacion "Registrar capital inicial" (DESIGN §28 "Existing ledgers",
-- docs/decisions/0056-capital-inicial-registration.md): the aportes written by a registration carry
-- this mark, so the settlement nets the registration out of its day's base jump and counts them as
-- capital at the start of that day, never as a result. A column with a constant default is
-- metadata-only on PostgreSQL 11+ (no rewrite, no row trigger fires).
ALTER TABLE "movimientos" ADD COLUMN "registro_capital" boolean DEFAULT false NOT NULL;
