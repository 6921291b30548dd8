import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { activityRoutes } from './activity.ts';
import { dailyBalanceRoutes } from './daily-balances.ts';
import { healthRoutes } from './health.ts';
import { transactionRoutes } from './transactions.ts';

/** Every feature's routes; each module registers its own paths under /api. */
const modules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [healthRoutes, transactionRoutes, dailyBalanceRoutes, activityRoutes];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}
