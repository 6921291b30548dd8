import { STORAGE_KEYS } from '@arb/shared';
import { storage } from '../lib/storage';

/**
 * Where a user goes after signing in: a pending invite first (docs/product.md#screens, docs/product.md#accounts-and-sessions), then the origin the
 * guard remembered, else the dashboard. Read-only on purpose: the one redirect after login is the
 * /login guard's (PublicOnly), whatever path led to /login, and the invite is used up only by the
 * join page that it leads to. Two navigations racing (the form's and the guard's, one of them
 * taking the invite away) dropped the invitation (issue 25).
 */
export function postLoginPath(state: unknown): string {
  const invite = pendingInvite();
  if (invite) return `/join/${encodeURIComponent(invite)}`;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/dashboard';
}

/** The invite code a signed-out visit to /join/{code} left for after login, if any. */
export function pendingInvite(): string | null {
  return storage.get(STORAGE_KEYS.pendingInvite) || null;
}
