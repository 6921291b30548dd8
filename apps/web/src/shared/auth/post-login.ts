import { STORAGE_KEYS } from '@arb/shared';
import { storage } from '../lib/storage';

/** Where a user goes after signing in: a pending invite first (SPEC §2), then the remembered origin. */
export function postLoginPath(state: unknown): string {
  const invite = storage.get(STORAGE_KEYS.pendingInvite);
  if (invite) return `/join/${encodeURIComponent(invite)}`;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/dashboard';
}

/** Like postLoginPath, but the pending invite is used up: the next login goes to the dashboard. */
export function takePostLoginPath(state: unknown): string {
  const path = postLoginPath(state);
  storage.remove(STORAGE_KEYS.pendingInvite);
  return path;
}
