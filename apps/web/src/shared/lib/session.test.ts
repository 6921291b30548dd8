import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getStoredUser, isTokenExpired, saveSession } from './session';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('access token expiry (docs/product.md#money)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it.each([
    ['missing', null, true],
    ['unparseable', 'not-a-jwt', true],
    ['no exp', jwt({ sub: 'x' }), true],
    ['already expired', jwt({ exp: now / 1000 - 10 }), true],
    ['expiring within 5 minutes', jwt({ exp: now / 1000 + 299 }), true],
    ['exactly at the 5-minute margin', jwt({ exp: now / 1000 + 300 }), true],
    ['valid for 6 more minutes', jwt({ exp: now / 1000 + 360 }), false],
  ])('%s → expired=%s', (_label, token, expected) => {
    expect(isTokenExpired(token, now)).toBe(expected);
  });
});

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('a corrupt userData is removed along with both tokens', () => {
    localStorage.setItem('userData', '{not json');
    localStorage.setItem('authToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('saves and clears the three keys', () => {
    const user = { id: 'u1', email: 'a@b.co', user_name: 'Ana', role: 'USER' as const, email_verified: true, phone_number: null };
    saveSession({ token: 't', refreshToken: 'r', user });
    expect(getStoredUser()).toEqual(user);
    expect(localStorage.getItem('authToken')).toBe('t');
    clearSession();
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
