/**
 * Operator commands for servers whose first user is not the operator:
 *   npm run user -- create-admin --email admin@example.com --password 'S3gura!' [--name Admin]
 *   npm run user -- promote --email someone@example.com
 * Opens the database exactly as the server does (DATABASE_URL or the embedded one in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { emailSchema, newPasswordSchema, userNameSchema } from '@arb/shared';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { createPersonalLedger } from '../services/auth/personal-ledger.ts';
import { findUserByEmail, normalizeEmail } from '../services/auth/session-user.ts';

const USAGE = `Uso / usage:
  npm run user -- create-admin --email <email> --password <contraseña> [--name <nombre>]
  npm run user -- promote --email <email>`;

class CliError extends Error {}

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } },
  value: unknown,
  what: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(`${what}: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}

async function createAdmin(database: Database, opts: { email?: string; password?: string; name?: string }): Promise<string> {
  const email = normalizeEmail(parsed(emailSchema, opts.email ?? '', '--email'));
  const password = parsed(newPasswordSchema, opts.password ?? '', '--password');
  const name = parsed(userNameSchema, opts.name ?? email.split('@')[0], '--name');
  if (await findUserByEmail(database.db, email)) throw new CliError(`Ya existe una cuenta con ${email}. Usa "promote".`);
  const passwordHash = await hashPassword(password);
  await database.db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ email, passwordHash, userName: name, role: 'ADMIN', emailVerified: true }).returning();
    await createPersonalLedger(tx, user!.id);
  });
  return `Administrador creado: ${email}`;
}

async function promote(database: Database, opts: { email?: string }): Promise<string> {
  const email = normalizeEmail(parsed(emailSchema, opts.email ?? '', '--email'));
  const [row] = await database.db
    .update(users)
    .set({ role: 'ADMIN', updatedAt: sql`now()` })
    .where(sql`lower(${users.email}) = ${email}`)
    .returning({ id: users.id });
  if (!row) throw new CliError(`No existe ninguna cuenta con ${email}.`);
  return `${email} ahora es administrador`;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'create-admin' && command !== 'promote') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    console.info(command === 'create-admin' ? await createAdmin(database, values) : await promote(database, values));
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
