import { OWNER_RESTORE_ACTIONS, RESTORABLE_ACTIONS, RESTORE_WINDOW_DAYS } from '@arb/shared';
import type { ActivityEntry } from '../api/types';

const DAY_MS = 86_400_000;

/**
 * docs/product.md#undo: "Restaurar" on a delete, a reset or a capital registration of the last 30
 * days that was not restored yet, for the ledger's owner and for whoever made the change (a capital
 * registration: the owner only) — unless that member is now a viewer
 * ("Solo lectura"), whose restore would answer 403 SOLO_LECTURA. The server checks the same.
 */
export function canRestore(
  entry: ActivityEntry,
  viewer: { userId: string | undefined; isOwner: boolean; soloLectura?: boolean },
  now = Date.now(),
): boolean {
  if (viewer.soloLectura && !viewer.isOwner) return false;
  if (!RESTORABLE_ACTIONS.includes(entry.action) || entry.restoredAt) return false;
  if (now - new Date(entry.createdAt).getTime() > RESTORE_WINDOW_DAYS * DAY_MS) return false;
  const authorId = entry.user?.id ?? null;
  // A capital registration is the owner's to make and to undo (decision 0059).
  if (OWNER_RESTORE_ACTIONS.includes(entry.action)) return viewer.isOwner;
  return viewer.isOwner || (viewer.userId !== undefined && authorId === viewer.userId);
}
