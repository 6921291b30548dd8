import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';

/** Opens the configured database (attaching to a running embedded server if there is one). */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
}
