import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../src/services/backup.ts';
import { loginReq, signedUp } from './support/auth.ts';
import { connectError, connectSocket, sleep } from './support/sockets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('sessions (docs/product.md#account-security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signedUp(t, 'ana@example.com');
  });
  afterAll(async () => t.close());

  const signIn = (userAgent: string, ip: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@example.com', password: 'Secreta123!' },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
  const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });

  it('lists the open sessions with device, address, last use and which one is current', async () => {
    const phone = (await signIn('Phone/1.0', '192.0.2.1')).json();
    const laptop = (await signIn('Laptop/2.0', '192.0.2.2')).json();
    const res = await t.request({ method: 'GET', url: '/api/auth/sessions', token: laptop.token });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; userAgent: string; ip: string; current: boolean; createdAt: string; lastUsedAt: string }[];
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({
      userAgent: 'Laptop/2.0',
      ip: '192.0.2.2',
      current: true,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
    });
    expect(list.find((s) => s.userAgent === 'Phone/1.0')).toMatchObject({ ip: '192.0.2.1', current: false });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect((await me(phone.token)).statusCode).toBe(200);
  });

  it('closing one session rejects its access token at once and its refresh token; the others go on', async () => {
    const phone = (await signIn('Phone/1.0', '192.0.2.1')).json();
    const laptop = (await signIn('Laptop/2.0', '192.0.2.2')).json();
    const list = (await t.request({ method: 'GET', url: '/api/auth/sessions', token: phone.token })).json() as {
      id: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => s.current)!.id;
    const res = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, token: laptop.token });
    expect(res.statusCode).toBe(204);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: phone.refreshToken } })).statusCode,
    ).toBe(401);
    expect((await me(laptop.token)).statusCode).toBe(200);
    // Already closed, unknown, someone else's or not an id: 404 / 400, never 500.
    expect((await t.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, token: laptop.token })).json()).toEqual({
      error: 'Sesión no encontrada',
      code: 'NOT_FOUND',
    });
    expect((await t.request({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', token: laptop.token })).statusCode).toBe(400);
    const carla = await signedUp(t, 'carla@example.com');
    const carlaId = ((await t.request({ method: 'GET', url: '/api/auth/sessions', token: carla.token })).json() as { id: string }[])[0]!.id;
    expect((await t.request({ method: 'DELETE', url: `/api/auth/sessions/${carlaId}`, token: laptop.token })).statusCode).toBe(404);
    expect((await me(carla.token)).statusCode).toBe(200);
  });

  it('logout-all closes every session but the current one; logout rejects the access token too', async () => {
    const a = (await signIn('A', '192.0.2.1')).json();
    const b = (await signIn('B', '192.0.2.2')).json();
    const c = (await signIn('C', '192.0.2.3')).json();
    expect((await t.request({ method: 'POST', url: '/api/auth/logout-all', token: c.token })).statusCode).toBe(204);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: '/api/auth/sessions', token: c.token })).json() as unknown[];
    expect(list).toHaveLength(1);
    await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: c.refreshToken } });
    expect((await me(c.token)).statusCode).toBe(401);
  });

  it('a refreshed access token keeps its session; two tabs refreshing at once both stay signed in', async () => {
    const s = (await loginReq(t, 'ana@example.com')).json();
    const refresh = () => t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: s.refreshToken } });
    const [one, two] = await Promise.all([refresh(), refresh()]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(one.json().refreshToken).toBe(two.json().refreshToken);
    expect((await me(one.json().accessToken)).statusCode).toBe(200);
    expect((await me(two.json().accessToken)).statusCode).toBe(200);
  });

  it('a backup holds no raw refresh token after rotations (hashed; the grace successor encrypted)', async () => {
    const issued: string[] = [];
    const s = (await loginReq(t, 'ana@example.com')).json();
    issued.push(s.refreshToken);
    let current = s.refreshToken as string;
    for (let i = 0; i < 3; i++) {
      const next = (await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: current } })).json();
      issued.push(next.refreshToken);
      current = next.refreshToken;
    }
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-bk-')), 'backup');
    await writeBackup(t.database.pool, file);
    const raw = readFileSync(file);
    // Plain or gzip (the backup format is moving to gzip JSON lines): search the text either way.
    const text = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    expect(text.length).toBeGreaterThan(100);
    expect(text).toContain('ana@example.com'); // the file is readable: the search below can fail
    for (const token of issued) expect(text).not.toContain(token);
  });
});

describe('ending a session disconnects its sockets (docs/product.md#account-security)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({}, { realtime: true });
    url = await t.listen();
    await signedUp(t, 'eva@example.com');
  });
  afterAll(async () => t.close());

  it("closing one session drops that session's socket only; a token of an ended session cannot connect", async () => {
    const phone = (await loginReq(t, 'eva@example.com')).json();
    const laptop = (await loginReq(t, 'eva@example.com')).json();
    const phoneSocket = await connectSocket(url, phone.token);
    const laptopSocket = await connectSocket(url, laptop.token);
    const dropped = new Promise<string>((resolve) => phoneSocket.socket.once('disconnect', resolve));
    const list = (await t.request({ method: 'GET', url: '/api/auth/sessions', token: phone.token })).json() as {
      id: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => s.current)!.id;
    expect((await t.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, token: laptop.token })).statusCode).toBe(204);
    expect(await dropped).toBe('io server disconnect');
    await sleep(200);
    expect(laptopSocket.socket.connected).toBe(true);
    expect((await connectError(url, { token: phone.token })).data?.code).toBe('UNAUTHORIZED');
    laptopSocket.close();
  });
});
