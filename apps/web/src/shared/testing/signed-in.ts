import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SessionUser } from '@arb/shared';
import { saveSession } from '../lib/session';

/** A signed-in session for `user` whose access token is far from expiry, so api() sends it as is. */
export function signInAs(user: SessionUser): void {
  const payload = btoa(JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r', user });
}

/** Each test of the file starts with `user` signed in and ends with the page gone and fetch restored. */
export function withSignedIn(user: SessionUser): void {
  beforeEach(() => {
    localStorage.clear();
    signInAs(user);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
