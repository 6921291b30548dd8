import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokens } from './access-token.ts';

const SECRET = 's'.repeat(40);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const hs256 = (data: string, secret = SECRET) => createHmac('sha256', secret).update(data).digest('base64url');
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${hs256(signingInput, secret)}`;
}
const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

describe('access tokens', () => {
  const tokens = accessTokens(SECRET);

  it('verifies what it signs', async () => {
    const token = await tokens.sign({ sub: 'u1', role: 'ADMIN', sid: 's1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'u1', role: 'ADMIN', sid: 's1' });
  });

  it('answers expired for a token past its exp, and undefined once tampered', async () => {
    let clock = Date.now();
    const timed = accessTokens(SECRET, 900, () => clock);
    const token = await timed.sign({ sub: 'u1', role: 'USER', sid: 's1' });
    clock += 900_000;
    expect(await timed.verify(token)).toEqual({ expired: true });
    const [h, p, s] = token.split('.') as [string, string, string];
    const raised = b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'ADMIN' });
    expect(await tokens.verify(`${h}.${raised}.${s}`)).toBeUndefined();
  });

  it.each([
    ['alg none', forge({ alg: 'none' }, { sub: 'u1', role: 'USER', exp: inAMinute() }).replace(/\.[^.]+$/, '.')],
    ['alg none with a valid-looking signature', forge({ alg: 'none' }, { sub: 'u1', role: 'USER', exp: inAMinute() })],
    ['another algorithm', forge({ alg: 'HS512' }, { sub: 'u1', role: 'USER', exp: inAMinute() })],
    ['a crit header', forge({ alg: 'HS256', crit: ['x'] }, { sub: 'u1', role: 'USER', exp: inAMinute() })],
    ['a foreign secret', forge({ alg: 'HS256' }, { sub: 'u1', role: 'USER', exp: inAMinute() }, 'x'.repeat(40))],
    ['no exp', forge({ alg: 'HS256' }, { sub: 'u1', role: 'USER' })],
    ['an unknown role', forge({ alg: 'HS256' }, { sub: 'u1', role: 'ROOT', exp: inAMinute() })],
    ['a non-string subject', forge({ alg: 'HS256' }, { sub: 7, role: 'USER', exp: inAMinute() })],
    ['a payload that is not JSON', `${b64({ alg: 'HS256' })}.bm90IGpzb24.${hs256(`${b64({ alg: 'HS256' })}.bm90IGpzb24`)}`],
    ['no session id (docs/product.md#account-security)', forge({ alg: 'HS256' }, { sub: 'u1', role: 'USER', exp: inAMinute() })],
    ['two parts', 'abc.def'],
    ['garbage', 'not a token at all'],
  ])('refuses %s', async (_label, token) => {
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('accepts a well-formed HS256 token signed with the secret by someone else (interoperable)', async () => {
    expect(await tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, { sub: 'u2', role: 'USER', sid: 's2', exp: inAMinute() }))).toEqual({
      sub: 'u2',
      role: 'USER',
      sid: 's2',
    });
  });
});
