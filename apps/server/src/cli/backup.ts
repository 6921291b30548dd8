/** `npm run backup -- [--out file]` and `npm run backup -- --restore file` (docs/operations.md). */
import { restoreBackup, writeBackup } from '../services/backup.ts';
import { openConfiguredDatabase } from './open-for-cli.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

async function main(): Promise<void> {
  const database = await openConfiguredDatabase();
  try {
    const from = flag('--restore');
    if (from) {
      await restoreBackup(database.pool, from);
      console.info(`Copia restaurada desde ${from}`);
    } else {
      const out = flag('--out') ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`;
      await writeBackup(database.pool, out);
      console.info(`Copia de seguridad escrita en ${out}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
