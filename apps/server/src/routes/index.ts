import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { activityRoutes } from './activity.ts';
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { backupRoutes } from './backups.ts';
import { binanceRoutes } from './binance.ts';
import { configRoutes } from './config.ts';
import { cuentaRoutes } from './cuentas.ts';
import { dailyBalanceRoutes } from './daily-balances.ts';
import { reporteRoutes } from './reportes.ts';
import { fileRoutes } from './files.ts';
import { healthRoutes } from './health.ts';
import { importRoutes } from './imports.ts';
import { ledgerRoutes } from './ledgers.ts';
import { membershipRoutes } from './membership.ts';
import { notificationRoutes } from './notifications.ts';
import { ratesRoutes } from './rates.ts';
import { sociosRoutes } from './socios.ts';
import { transactionRoutes } from './transactions.ts';

/** Every feature's routes; each module registers its own paths under /api. One per line. */
const modules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  configRoutes,
  authRoutes,
  ratesRoutes,
  transactionRoutes,
  dailyBalanceRoutes,
  activityRoutes,
  ledgerRoutes,
  membershipRoutes,
  notificationRoutes,
  fileRoutes,
  adminRoutes,
  backupRoutes,
  importRoutes,
  cuentaRoutes,
  sociosRoutes,
  binanceRoutes,
  reporteRoutes,
];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}
