import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Whether the database answers `select 1` within `timeoutMs` (the readiness of /api/health). */
export async function databaseAnswers(db: Db, timeoutMs = 2_000): Promise<boolean> {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('health check timed out')), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}
