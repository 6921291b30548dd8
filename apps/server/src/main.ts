import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import pino from 'pino';
import { LOG_REDACT } from './lib/log-redact.ts';

/** Reads config, opens the database (migrating it), listens, and shuts down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT });
  log.info({ embedded: !config.DATABASE_URL, dataDir: config.DATA_DIR }, 'opening database');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onLog: (line) => log.debug({ pg: line }),
  });
  let built;
  try {
    built = await buildApp({ config, database, warmUploads: true });
  } catch (err) {
    await database.close();
    throw err;
  }
  const { app, ctx } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish, runs onClose hooks
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await database.close();
    throw err;
  }
  app.log.info({ url: config.APP_URL, embedded: Boolean(ctx.database.embedded) }, 'Arbitraje USD/VES listo');
}

main().catch((err: unknown) => {
  process.stderr.write(`No se pudo iniciar el servidor / could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
