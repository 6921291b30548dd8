import { useEffect, useRef, useState } from 'react';
import {
  BINANCE_SYNC_EVENT,
  JOIN_LEDGER,
  messages,
  REALTIME_EVENTS,
  SOCKET,
  USER_CHANGED,
  type RealtimeErrorCode,
  type RealtimeEventName,
  type RealtimePayload,
} from '@arb/shared';
import { expireSession, refreshSession, userChanged } from '../../shared/lib/api-client';
import { getStoredUser } from '../../shared/lib/session';
import { createRealtimeSocket } from './realtime-socket';

export interface RealtimeChange extends RealtimePayload {
  event: RealtimeEventName;
}

export interface LedgerRealtimeOptions {
  /** The ledger on screen; null/undefined watches none. */
  ledgerId: string | null | undefined;
  /**
   * The day on screen (YYYY-MM-DD): changes of later days are ignored (earlier ones carry
   * forward). Without one (the history shows every day), every change of the ledger counts.
   */
  fecha?: string;
  /** A change of this ledger on this day, an earlier day, or no day: reload balances and the list. */
  onChange: (change: RealtimeChange) => void;
  /** The current user was expelled from (or left) this ledger: go to /dashboard. */
  onMemberRemoved?: (change: RealtimeChange) => void;
  /** This ledger was deleted: leave it. */
  onLedgerDeleted?: (change: RealtimeChange) => void;
  /**
   * The socket is connected again after losing its connection: events sent meanwhile were
   * missed, so reload what is on screen.
   */
  onReconnect?: () => void;
  /** A Binance sync run of this user ended (`binance-sync`, to the user's own sockets: docs/api.md#binance-sync). */
  onBinanceSync?: () => void;
  /**
   * False holds the socket back (the dashboard opens it once its day's list has painted,
   * docs/decisions/0019-dashboard-first-paint.md); it connects when this turns true. Default true.
   */
  enabled?: boolean;
}

export interface LedgerRealtime {
  connected: boolean;
  /**
   * True until the first connection attempt has ended (connected or failed) or while the socket
   * is held back: the chip is not 'Desconectado' yet, only not there (ConnectionChip `pending`).
   */
  pending: boolean;
}

// Handshake refusals that a retry cannot fix; TOKEN_EXPIRED is fixed by a refresh.
const FINAL: ReadonlySet<RealtimeErrorCode> = new Set(['UNAUTHORIZED', 'ACCOUNT_DISABLED', 'EMAIL_NOT_VERIFIED']);

/**
 * Keeps one socket for the page (docs/product.md#accounts-and-sessions 'Realtime connection'): joins the ledger on connect and
 * on ledger change, retries 2 s after a server disconnect and 3 s after a refused handshake
 * (refreshing an expired token first), at most 3 times in a row, and routes the ledger's events.
 */
export function useLedgerRealtime(opts: LedgerRealtimeOptions): LedgerRealtime {
  const [connected, setConnected] = useState(false);
  const [pending, setPending] = useState(true);
  const enabled = opts.enabled ?? true;
  const latest = useRef(opts);
  const socketRef = useRef<ReturnType<typeof createRealtimeSocket> | null>(null);
  useEffect(() => {
    latest.current = opts;
  });

  useEffect(() => {
    if (!enabled) return;
    const socket = createRealtimeSocket();
    socketRef.current = socket;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const retryIn = (ms: number) => {
      clearTimeout(retryTimer);
      if (failures >= SOCKET.reconnectionAttempts) return; // the chip offers 'Reintentar Conexión'
      failures += 1;
      retryTimer = setTimeout(() => socket.connect(), ms);
    };

    let everConnected = false;
    socket.on('connect', () => {
      failures = 0;
      setConnected(true);
      setPending(false);
      const { ledgerId, onReconnect } = latest.current;
      if (ledgerId) socket.emit(JOIN_LEDGER, ledgerId);
      if (everConnected) onReconnect?.();
      everConnected = true;
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // The client reconnects by itself except when the server closed the socket.
      if (reason === 'io server disconnect') retryIn(SOCKET.serverDisconnectRetryMs);
    });
    socket.on('connect_error', (err: Error & { data?: { code?: RealtimeErrorCode } }) => {
      setConnected(false);
      setPending(false);
      // An active socket is a transport failure the manager retries itself (3 attempts, 1–5 s).
      if (socket.active) return;
      const code = err.data?.code;
      // A deactivated account is told at once, not at its next call (issue 25); the server has
      // just closed its sockets (docs/architecture.md#realtime) and refuses the reconnection with this code.
      if (code === 'ACCOUNT_DISABLED') expireSession(messages.accountDisabled);
      if (code && FINAL.has(code)) return;
      if (code === 'TOKEN_EXPIRED') {
        // No answer to the refresh: the connection is down, try again like any other failure.
        void refreshSession().then(
          (ok) => ok && retryIn(SOCKET.connectErrorRetryMs),
          () => retryIn(SOCKET.connectErrorRetryMs),
        );
        return;
      }
      retryIn(SOCKET.connectErrorRetryMs);
    });

    // An administrator changed this user's role or email: the stored user is re-read at once, so a
    // promotion shows 'Admin' without signing out and a demotion leaves /admin (issue 25).
    socket.on(USER_CHANGED, userChanged);
    socket.on(BINANCE_SYNC_EVENT, () => latest.current.onBinanceSync?.());

    // docs/product.md#working-offline: the connection is back (or the app starts): the 3 attempts count per outage, so
    // a socket that gave up during the outage starts again.
    const online = () => {
      if (socket.connected) return;
      clearTimeout(retryTimer);
      failures = 0;
      socket.connect();
    };
    window.addEventListener('online', online);

    for (const event of REALTIME_EVENTS) {
      socket.on(event, (payload: RealtimePayload) => {
        const { ledgerId, fecha, onChange, onMemberRemoved, onLedgerDeleted } = latest.current;
        // Sockets hear their own user's removals from any ledger: only the one on screen matters.
        if (!payload || payload.ledgerId !== ledgerId) return;
        const change: RealtimeChange = { ...payload, event };
        if (event === 'member-removed' && payload.userId && payload.userId === getStoredUser()?.id) {
          onMemberRemoved?.(change);
          return;
        }
        if (event === 'ledger-updated' && payload.type === 'DELETED') {
          onLedgerDeleted?.(change);
          return;
        }
        // A day's closing balance carries forward into later days (docs/product.md#money), so a change on an
        // earlier day can change the figures on screen too; later days cannot.
        if (!payload.fecha || fecha === undefined || payload.fecha <= fecha) onChange(change);
      });
    }

    // Opened in a task of its own, after the commit that mounted this (decision 0024): its listeners
    // are all set already, so nothing it says is missed.
    const opening = setTimeout(() => socket.connect(), 0);

    return () => {
      clearTimeout(opening);
      clearTimeout(retryTimer);
      window.removeEventListener('online', online);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [enabled]);

  // A new ledger on screen: watch it instead (the server leaves the previous room).
  useEffect(() => {
    const socket = socketRef.current;
    if (socket?.connected && opts.ledgerId) socket.emit(JOIN_LEDGER, opts.ledgerId);
  }, [opts.ledgerId]);

  return { connected, pending };
}
