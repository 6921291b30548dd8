import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'arb-spa-'));
const js = 'console.log("hola");'.repeat(100);
const html = '<!doctype html><html lang="es"><title>Arbitraje USD/VES</title></html>';
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets/app-abc.js'), js);
writeFileSync(path.join(dist, 'assets/app-abc.js.br'), brotliCompressSync(js));
writeFileSync(path.join(dist, 'assets/app-abc.js.gz'), gzipSync(js));
writeFileSync(path.join(dist, 'index.html'), html);
writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));

const app = Fastify();
await registerSpa(app, dist);
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('SPA serving of the web build', () => {
  it('sends the precompressed file the browser accepts, as the original type, varying on Accept-Encoding', async () => {
    const br = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('answers a client route with index.html, compressed when accepted and never cached', async () => {
    const res = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.rawPayload).toString()).toBe(html);
  });
});
