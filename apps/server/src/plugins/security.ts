import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Where the page may connect: its own origin, and its socket on the same host (issue 36: `ws:`
 * and `wss:` allowed any host). CSP 3 lets 'self' match ws/wss of the same host; browsers that
 * predate it get the socket's origin from APP_URL spelled out. Nothing else: no third-party host.
 */
export function connectSources(appUrl: string | undefined): string[] {
  if (!appUrl) return ["'self'"];
  const url = new URL(appUrl);
  const socket = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return ["'self'", socket];
}

/**
 * Strict headers for every answer. The built SPA loads only same-origin scripts and styles
 * (MUI's emotion injects <style> tags, hence 'unsafe-inline' for styles only); images may be
 * data:/blob: previews; the socket connects back to the same origin.
 */
const options = (appUrl: string | undefined): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: connectSources(appUrl),
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * The headers helmet sets, computed once: they depend on nothing in the request (no CSP nonces),
 * and @fastify/helmet rebuilt helmet's whole configuration on every request.
 */
export function securityHeaders(appUrl: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options(appUrl))({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance, appUrl: string | undefined): Promise<void> {
  const headers = securityHeaders(appUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
