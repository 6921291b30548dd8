import type { RealtimePayload } from '@arb/shared';
import type { LedgerEvent } from './ledger-events.ts';

/** Socket.IO room names: one per ledger (its watchers), one per user (all of that user's sockets). */
export const ledgerRoom = (ledgerId: string): string => `ledger:${ledgerId}`;
export const userRoom = (userId: string): string => `user:${userId}`;
/** One per login session (docs/product.md#account-security): ending the session disconnects exactly these sockets. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
export const isLedgerRoom = (room: string): boolean => room.startsWith('ledger:');

/** docs/architecture.md#realtime's payload: `{ledgerId, type, fecha?, byUserId}`, plus the member concerned when there is one. */
export function toPayload(e: LedgerEvent): RealtimePayload {
  return {
    ledgerId: e.ledgerId,
    type: e.type,
    ...(e.fecha !== undefined ? { fecha: e.fecha } : {}),
    ...(e.fechas !== undefined ? { fechas: e.fechas } : {}),
    byUserId: e.byUserId,
    ...(e.userId !== undefined ? { userId: e.userId } : {}),
  };
}

/**
 * The user who stops being a member through this event (expelled, or left), whose sockets must
 * leave the ledger's room at once; undefined for every other event.
 */
export function departingMember(e: LedgerEvent): string | undefined {
  if (!e.userId) return undefined;
  if (e.event === 'member-removed' || e.type === 'MEMBER_REMOVED' || e.type === 'MEMBER_LEFT') return e.userId;
  return undefined;
}
