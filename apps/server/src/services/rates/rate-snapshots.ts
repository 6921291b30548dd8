import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rateSnapshots } from '../../db/schema.ts';
import type { RateQuote } from './rate-quote.ts';

export interface StoredRate extends RateQuote {
  fetchedAt: Date;
}

/** A date column can only hold a real instant; an unparseable upstream date is kept as null. */
function instantOrNull(value: string | null): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export async function saveSnapshot(db: Db, source: string, quote: RateQuote, fetchedAt: Date): Promise<void> {
  await db.insert(rateSnapshots).values({
    source,
    fuente: quote.fuente,
    promedio: String(quote.promedio),
    fechaActualizacion: instantOrNull(quote.fechaActualizacion),
    fetchedAt,
  });
}

/** The newest stored value among `sources` (one indexed look-up per source). */
export async function latestSnapshot(db: Db, sources: readonly string[]): Promise<StoredRate | undefined> {
  const rows = await Promise.all(
    sources.map(async (source) => {
      const [row] = await db.select().from(rateSnapshots).where(eq(rateSnapshots.source, source)).orderBy(desc(rateSnapshots.id)).limit(1);
      return row;
    }),
  );
  let best: StoredRate | undefined;
  for (const row of rows) {
    if (!row || (best && best.fetchedAt >= row.fetchedAt)) continue;
    best = {
      promedio: Number(row.promedio),
      fechaActualizacion: row.fechaActualizacion?.toISOString() ?? null,
      fuente: row.fuente,
      fetchedAt: row.fetchedAt,
    };
  }
  return best;
}
