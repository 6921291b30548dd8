import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { ratesRoutes } from './rates.ts';

/** Every feature's routes; each module registers its own paths under /api. */
const modules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [healthRoutes, authRoutes, ratesRoutes];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}
