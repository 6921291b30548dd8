/**
 * The realtime socket's vocabulary (docs/api.md#calls, docs/architecture.md#realtime), shared by the server that emits and the
 * web client that listens, so neither can drift from the other.
 */
export const REALTIME_PATH = '/socket.io';

/** Client → server: watch one ledger (the server leaves any other ledger room first). */
export const JOIN_LEDGER = 'join-ledger';

/** Server → client events, each carrying a `RealtimePayload`. */
export const REALTIME_EVENTS = [
  'ledger-updated',
  'transaction-updated',
  'member-permissions-updated',
  'member-removed',
  'balance-updated',
] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

/**
 * Server → client, to one user's own sockets, no payload: an administrator changed their account
 * (role, email), so the web re-reads /api/auth/me now rather than at its next call (issue 25).
 */
export const USER_CHANGED = 'user-changed';

/** docs/architecture.md#realtime: what every event carries; `userId` is the member concerned (member-removed, permissions). */
export interface RealtimePayload {
  ledgerId: string;
  type: string;
  fecha?: string;
  /** The days of a change that touched several (IMPORTED, IMPORT_UNDONE: docs/product.md#binance-import); `fecha` is the earliest. */
  fechas?: string[];
  byUserId: string | null;
  userId?: string;
}

/** The answer to a `join-ledger` that asked for one: false for a non-member or an unknown ledger alike. */
export interface JoinLedgerAck {
  ok: boolean;
}

/** `connect_error` data codes of the handshake. */
export type RealtimeErrorCode = 'UNAUTHORIZED' | 'TOKEN_EXPIRED' | 'ACCOUNT_DISABLED' | 'EMAIL_NOT_VERIFIED' | 'INTERNAL_ERROR';
