import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { isPublicRoute } from '../routes/public-routes.ts';

/** How one /api route is protected: listed as public, its own guard, or the default guard. */
export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'own guard' | 'default guard';
}

const reports = new WeakMap<FastifyInstance, RouteAccess[]>();

/**
 * Default-deny under /api (docs/conventions.md "Routes"): a route is public only when
 * routes/public-routes.ts lists it; any other /api route that names no `onRequest` guard gets
 * `guard` (a valid access token and an active, verified account). A route names its own guard
 * only to ask for more (admin, a ledger's membership) or less (auth/me before verification).
 * Register before any route.
 */
export function registerDefaultDeny(app: FastifyInstance, guard: onRequestHookHandler): void {
  const report: RouteAccess[] = [];
  reports.set(app, report);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    const isPublic = methods.length > 0 && methods.every((m) => isPublicRoute(m, route.url));
    if (!isPublic && own.length === 0) route.onRequest = guard;
    const access = isPublic ? 'public' : own.length > 0 ? 'own guard' : 'default guard';
    for (const method of methods) report.push({ method, url: route.url, access });
  });
}

/** Every /api route the app registered and how it is protected (for tests and audits). */
export function routeAccessOf(app: FastifyInstance): readonly RouteAccess[] {
  return reports.get(app) ?? [];
}
