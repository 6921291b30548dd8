import { once } from 'node:events';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProofs } from '../src/db/schema.ts';
import { makeImage, multipart, type ImageFormat } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

const DAY = 86_400_000;

/** The EXIF GPSInfo pointer tag (0x8825), in either byte order. */
const hasGpsIfd = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('membership: own info, profile, payment proofs', () => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { name: 'Ana Pérez' });
    other = await createUser(t);
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => t.close());

  const upload = (user: TestUser, image: Buffer, opts: { filename?: string; contentType?: string; note?: string } = {}) => {
    const body = multipart(opts.note !== undefined ? { note: opts.note } : {}, [
      { filename: opts.filename ?? 'comprobante.png', contentType: opts.contentType ?? 'image/png', data: image },
    ]);
    return t.request({
      method: 'POST',
      url: '/api/membership/payment-proofs',
      token: user.token,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const myMembership = async (user: TestUser) => {
    const res = await t.request({ method: 'GET', url: '/api/membership/my-membership', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('a new user has an inactive membership with the docs/api.md fields', async () => {
    const info = await myMembership(member);
    expect(info).toMatchObject({
      user_name: 'Ana Pérez',
      phone_number: null,
      email: member.email,
      membership_status: 'inactive',
      membership_start: null,
      membership_end: null,
      days_remaining: 0,
      membership_required: false,
    });
    expect(Date.parse(info.created_at)).not.toBeNaN();
  });

  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/membership/my-membership' });
    expect(res.statusCode).toBe(401);
  });

  it('PUT profile updates name and phone and answers {user}', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/membership/profile',
      token: member.token,
      payload: { user_name: '  Ana María  ', phone_number: '+58 412 555 1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: member.id, email: member.email, user_name: 'Ana María', phone_number: '+58 412 555 1234' });
    expect(await myMembership(member)).toMatchObject({ user_name: 'Ana María', phone_number: '+58 412 555 1234' });
    const cleared = await t.request({
      method: 'PUT',
      url: '/api/membership/profile',
      token: member.token,
      payload: { user_name: 'Ana María', phone_number: '' },
    });
    expect(cleared.json().user.phone_number).toBeNull();
    const bad = await t.request({
      method: 'PUT',
      url: '/api/membership/profile',
      token: member.token,
      payload: { user_name: '', phone_number: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('El nombre es requerido');
  });

  it.each<[ImageFormat, string]>([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/png'],
    ['webp', 'image/webp'],
  ])('accepts a %s image and serves it re-encoded as %s', async (format, served) => {
    const res = await upload(other, await makeImage(format), { filename: `x.${format}`, contentType: `image/${format}` });
    expect(res.statusCode).toBe(201);
    const proof = res.json().paymentProof;
    expect(proof).toMatchObject({ note: null, status: 'pending', rejectionReason: null });
    const file = await t.request({ method: 'GET', url: proof.imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(served);
    expect(file.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBe(64);
  });

  it('decides the type by the bytes: a text file named .png is refused', async () => {
    const res = await upload(member, Buffer.from('esto no es una imagen, solo texto '.repeat(20)), {
      filename: 'foto.png',
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Por favor selecciona un archivo de imagen válido');
  });

  it('refuses a request with no image', async () => {
    const body = multipart({ note: 'sin imagen' }, []);
    const res = await t.request({
      method: 'POST',
      url: '/api/membership/payment-proofs',
      token: member.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Debes seleccionar una imagen del comprobante');
  });

  it('refuses a 6 MB file with 413 while streaming', async () => {
    const jpegHead = await makeImage('jpeg');
    const big = Buffer.concat([jpegHead, Buffer.alloc(6 * 1024 * 1024 - jpegHead.length, 7)]);
    const res = await upload(member, big, { filename: 'grande.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La imagen debe ser menor a 5MB', code: 'PAYLOAD_TOO_LARGE' });
    const count = await t.ctx.db.$count(paymentProofs);
    expect(count).toBe(4); // only the four accepted images above
  });

  it('answers 413 over HTTP without reading a huge upload to its end', async () => {
    const head = multipart({}, [{ filename: 'enorme.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) }]);
    // Everything up to the file's bytes; the closing boundary never comes.
    const prefix = head.payload.subarray(0, head.payload.indexOf('\r\n--', head.payload.indexOf('image/jpeg')));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 1);
    let sent = 0;
    const req = request(`${address}/api/membership/payment-proofs`, {
      method: 'POST',
      headers: { ...head.headers, authorization: `Bearer ${member.token}`, 'content-length': String(prefix.length + total) },
    });
    // The server may close while we are still writing (EPIPE/ECONNRESET): that is the point.
    let broken = false;
    req.on('error', () => (broken = true));
    const answer = new Promise<{ status: number; body: string } | null>((resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve(null));
      });
      req.on('close', () => setTimeout(() => resolve(null), 500));
    });
    let answered = false;
    void answer.then(() => (answered = true));
    req.write(prefix);
    while (!answered && !broken && sent < total && !req.destroyed) {
      sent += chunk.length;
      if (!req.write(chunk)) {
        await Promise.race([once(req, 'drain').catch(() => undefined), answer, once(req, 'close').catch(() => undefined)]);
      }
    }
    const res = await answer;
    req.destroy();
    // A reset can beat the answer to the client (the server closes with our bytes unread); when
    // the answer arrives it must be the 413 with SPEC's text (the in-process 6 MB test checks it too).
    if (res) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe('La imagen debe ser menor a 5MB');
    } else {
      expect(broken).toBe(true);
    }
    // Either way the server stopped long before the 200 MB were sent.
    expect(sent).toBeLessThan(30 * 1024 * 1024);
  });

  it('strips EXIF (GPS included), rotates upright and caps the long side at 2400 px', async () => {
    const withGps = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('SpyCam');
    expect(hasGpsIfd(before.exif!)).toBe(true);
    const res = await upload(member, withGps, { filename: 'foto.jpg', contentType: 'image/jpeg', note: 'Pago móvil ref. 0123' });
    expect(res.statusCode).toBe(201);
    const proof = res.json().paymentProof;
    expect(proof.note).toBe('Pago móvil ref. 0123');
    const file = await t.request({ method: 'GET', url: proof.imageUrl });
    const after = await sharp(file.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 (rotate 90°): 3000×1000 becomes 1000×3000, then fits in 2400 px.
    expect({ w: after.width, h: after.height }).toEqual({ w: 800, h: 2400 });
  });

  it('a new proof makes the membership pending_payment and lists it with its status', async () => {
    expect((await myMembership(member)).membership_status).toBe('pending_payment');
    const res = await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: member.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'id', 'imageUrl', 'note', 'rejectionReason', 'status']);
  });

  describe('signed image URLs', () => {
    let url: string;
    let proofId: string;
    beforeAll(async () => {
      const res = await upload(member, await makeImage('png'));
      url = res.json().paymentProof.imageUrl;
      proofId = res.json().paymentProof.id;
    });

    it('work without the Authorization header', async () => {
      expect(url).toMatch(new RegExp(`^/api/files/payment-proofs/${proofId}\\?exp=\\d+&sig=[\\w-]+$`));
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    });

    it('fail when the signature, the expiry or the id is altered', async () => {
      const u = new URL(url, 'http://x');
      const sig = u.searchParams.get('sig')!;
      const exp = Number(u.searchParams.get('exp'));
      const variants = [
        `${u.pathname}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `${u.pathname}?exp=${exp + 3600}&sig=${sig}`,
        `${u.pathname}?exp=${exp}`,
        u.pathname,
        `/api/files/payment-proofs/${member.id}?exp=${exp}&sig=${sig}`,
      ];
      for (const v of variants) {
        const res = await t.request({ method: 'GET', url: v });
        expect(res.statusCode, v).toBe(404);
      }
    });

    it('expire after one hour', async () => {
      t.clock.advance(3600 * 1000 + 1000);
      try {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      } finally {
        t.clock.advance(-(3600 * 1000 + 1000));
      }
    });

    it("another user can neither list nor delete someone else's proof", async () => {
      const list = await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: other.token });
      expect(list.json().map((p: { id: string }) => p.id)).not.toContain(proofId);
      const del = await t.request({ method: 'DELETE', url: `/api/membership/payment-proofs/${proofId}`, token: other.token });
      expect(del.statusCode).toBe(404);
      const still = await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: member.token });
      expect(still.json().map((p: { id: string }) => p.id)).toContain(proofId);
    });

    it('the owner deletes their proof: 204, and its image is gone', async () => {
      const del = await t.request({ method: 'DELETE', url: `/api/membership/payment-proofs/${proofId}`, token: member.token });
      expect(del.statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    });
  });

  describe('review by an administrator and the status transitions', () => {
    it('approve: pending_payment → active with 30 days; a second approval is refused', async () => {
      const [proof] = (await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: member.token })).json();
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/approve`,
        token: admin.token,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: member.id, membership_status: 'active', days_remaining: 30 });
      const info = await myMembership(member);
      expect(info).toMatchObject({ membership_status: 'active', days_remaining: 30 });
      expect(Date.parse(info.membership_start)).toBe(t.clock.now.getTime());
      expect(Date.parse(info.membership_end)).toBe(t.clock.now.getTime() + 30 * DAY);
      const again = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/approve`,
        token: admin.token,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      const listed = (await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: member.token })).json();
      expect(listed[0].status).toBe('approved');
    });

    it('approving early extends from the current end, not from now; start is kept', async () => {
      const before = await myMembership(member);
      t.clock.advance(10 * DAY); // 20 days left
      const proof = (await upload(member, await makeImage('png'))).json().paymentProof;
      expect((await myMembership(member)).membership_status).toBe('active'); // active wins over pending
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/approve`,
        token: admin.token,
        payload: { days: 15 },
      });
      expect(res.statusCode).toBe(200);
      const info = await myMembership(member);
      expect(info.days_remaining).toBe(35);
      expect(info.membership_start).toBe(before.membership_start);
      expect(Date.parse(info.membership_end)).toBe(Date.parse(before.membership_end) + 15 * DAY);
    });

    it('expiry: active → expired → (proof) pending_payment → rejected with a reason → expired', async () => {
      t.clock.advance(36 * DAY);
      expect(await myMembership(member)).toMatchObject({ membership_status: 'expired', days_remaining: 0 });
      const proof = (await upload(member, await makeImage('jpeg'), { contentType: 'image/jpeg' })).json().paymentProof;
      expect((await myMembership(member)).membership_status).toBe('pending_payment');
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/reject`,
        token: admin.token,
        payload: { reason: 'Monto incorrecto' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentProof).toMatchObject({ id: proof.id, status: 'rejected', rejectionReason: 'Monto incorrecto' });
      expect((await myMembership(member)).membership_status).toBe('expired');
      const mine = (await t.request({ method: 'GET', url: '/api/membership/my-payment-proofs', token: member.token })).json();
      expect(mine.find((p: { id: string }) => p.id === proof.id)).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Monto incorrecto',
      });
    });

    it('approving after expiry starts a new period now', async () => {
      const proof = (await upload(member, await makeImage('png'))).json().paymentProof;
      const res = await t.request({ method: 'POST', url: `/api/admin/payment-proofs/${proof.id}/approve`, token: admin.token });
      expect(res.json()).toMatchObject({ user: { id: member.id } });
      const info = await myMembership(member);
      expect(info).toMatchObject({ membership_status: 'active', days_remaining: 30 });
      expect(Date.parse(info.membership_start)).toBe(t.clock.now.getTime());
    });

    it('only an administrator reviews', async () => {
      const proof = (await upload(other, await makeImage('png'))).json().paymentProof;
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/approve`,
        token: other.token,
        payload: {},
      });
      expect(res.statusCode).toBe(403);
      const rej = await t.request({
        method: 'POST',
        url: `/api/admin/payment-proofs/${proof.id}/reject`,
        token: member.token,
        payload: {},
      });
      expect(rej.statusCode).toBe(403);
    });
  });
});

describe('MEMBERSHIP_REQUIRED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MEMBERSHIP_REQUIRED: 'true' });
  });
  afterAll(async () => t.close());

  /** A ledger write (a new transaction) and a read (the day's balances), over HTTP. */
  const mayWrite = async (user: TestUser): Promise<string> => {
    const read = await t.request({
      method: 'GET',
      url: `/api/transactions/balances?ledgerId=${user.ledgerId}&fecha=2026-11-20`,
      token: user.token,
    });
    expect(read.statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: user.token,
      payload: { ledgerId: user.ledgerId, fecha: '2026-11-20', venta: 10, tasa_venta: 40, compra: 0, tasa_compra: 0 },
    });
    if (res.statusCode === 201) return 'ok';
    expect(res.statusCode).toBe(403);
    return res.json().code;
  };

  it('a member without an active membership reads but cannot write until an admin approves a proof; it lapses again', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'ADMIN' });
    const info = await t.request({ method: 'GET', url: '/api/membership/my-membership', token: user.token });
    expect(info.json()).toMatchObject({ membership_required: true, membership_status: 'inactive' });
    expect(await mayWrite(user)).toBe('MEMBERSHIP_INACTIVE');
    expect(await mayWrite(admin)).toBe('ok'); // administrators are exempt

    // The membership page keeps working: the member uploads a proof.
    const up = multipart({}, [{ filename: 'a.png', contentType: 'image/png', data: await makeImage('png') }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/membership/payment-proofs',
      token: user.token,
      payload: up.payload,
      headers: up.headers,
    });
    expect(res.statusCode).toBe(201);
    expect(await mayWrite(user)).toBe('MEMBERSHIP_INACTIVE'); // pending is not active

    await t.request({ method: 'POST', url: `/api/admin/payment-proofs/${res.json().paymentProof.id}/approve`, token: admin.token });
    expect(await mayWrite(user)).toBe('ok');

    t.clock.advance(30 * DAY + 1000);
    expect(await mayWrite(user)).toBe('MEMBERSHIP_INACTIVE');
  });
});
