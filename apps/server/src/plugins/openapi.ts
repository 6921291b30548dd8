import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { isPublicRoute } from '../routes/public-routes.ts';

interface Collected {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  isPublic: boolean;
}

const isZod = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;

function toJson(schema: unknown): unknown {
  if (!isZod(schema)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/**
 * Serves /api/docs/openapi.json, generated from the same zod schemas that validate the routes,
 * so the document cannot drift from the code. A route needs no token exactly when
 * routes/public-routes.ts lists it (`security: []`). Call before registering routes.
 */
export function registerOpenApi(app: FastifyInstance): void {
  const routes: Collected[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: (route.schema ?? {}) as Record<string, unknown>,
        isPublic: isPublicRoute(method, route.url),
      });
    }
  });

  app.get('/api/docs/openapi.json', async () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const r of routes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      const query = toJson(r.schema.querystring) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        params.push({ name, in: 'query', required: Boolean(query?.required?.includes(name)), schema: schema as { type: string } });
      }
      const body = toJson(r.schema.body);
      (paths[path] ??= {})[r.method] = {
        ...(params.length ? { parameters: params } : {}),
        ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
        ...(r.isPublic ? { security: [] } : {}),
        responses: { default: { description: 'JSON; errors are {error, code, fields?}' } },
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Arbitraje USD/VES API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      paths,
    };
  });
}
