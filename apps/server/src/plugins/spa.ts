import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@arb/shared';

/**
 * Serves the built web app; any GET outside /api and /socket.io that is not a file answers
 * index.html so the client router can show the page (history fallback).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each text file; uncompressed is the fallback.
      preCompressed: true,
      maxAge: 0,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html and the service worker must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: messages.notFound, code: 'NOT_FOUND' });
    }
    if (!hasBuild) return reply.status(404).type('text/plain').send('La aplicación web no está construida: ejecuta `npm run build`.');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
